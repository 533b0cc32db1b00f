import Foundation

// The Mesh flow: what each action does on each pane, and how each request answers.

extension MeshEngine {
    mutating func apply(_ action: MeshAction, at time: Timestamp) throws(ActionRejected) {
        guard started, !isFinished else { throw ActionRejected("the session has \(started ? "ended" : "not started")") }
        if case .loading = pane {
            switch action {
            case .control(.quit): break
            default: throw misfit(describe(action))
            }
        }
        switch action {
        case .control(.quit):
            finish(event: "close")
        case .control(.requestExit):
            switch pane {
            case .exitConfirmation, .loading, .finished: throw misfit("asking to exit")
            default: pane = .exitConfirmation(returnTo: pane)
            }
        case .control(.confirmExit):
            guard case .exitConfirmation = pane else { throw misfit("confirming an exit") }
            finish(event: "close")
        case .control(.cancelExit):
            guard case .exitConfirmation(let underneath) = pane else { throw misfit("staying") }
            pane = underneath
        case .control(.back):
            try back()
        case .primary:
            try primary(at: time)
        case .setQuery(let text):
            guard pane == .catalog else { throw misfit("typing a search") }
            query = text
        case .selectIntegration(let name):
            try selectIntegration(name)
        case .submitCredentials(let name, let password):
            defer { password.wipe() }
            guard pane == .credentials else { throw misfit("signing in") }
            guard !name.isEmpty, !password.isEmpty else { throw ActionRejected("enter a username and a password") }
            username = name
            inlineError = nil
            emit(.event(type: "credentialsEntered", payload: nil))
            startRequest(.signIn(passwordOK: password.matches(MeshSandbox.password)), at: time)
        case .oauth(let approve):
            guard pane == .oauth else { throw misfit("answering the integration's page") }
            if approve {
                username = MeshSandbox.fullPortfolioUsername
                startRequest(.oauthApproved, at: time)
            } else {
                pane = .catalog
            }
        case .submitCode(let code):
            defer { code.wipe() }
            guard pane == .mfa || pane == .transferMFA else { throw misfit("entering a code") }
            guard !code.isEmpty else { throw ActionRejected("enter the code") }
            let right = code.matches(MeshSandbox.otp)
            if pane == .mfa {
                inlineError = nil
                emit(.event(type: "integrationMfaEntered", payload: nil))
                startRequest(.mfa(codeOK: right), at: time)
            } else {
                emit(.event(type: "transferMfaEntered", payload: nil))
                guard right else {
                    inlineError = "Invalid verification code"
                    return
                }
                inlineError = nil
                startRequest(.execute, at: time)
            }
        case .selectAccounts(let indices):
            guard pane == .accounts, let integration else { throw misfit("choosing accounts") }
            guard !indices.isEmpty else { throw ActionRejected("choose at least one account") }
            for index in indices where !integration.accounts.indices.contains(index) {
                throw ActionRejected("there is no account \(index); choose from 0 to \(integration.accounts.count - 1)")
            }
            connect(accounts: Array(Set(indices)).sorted())
        case .linkAnother:
            guard pane == .connected else { throw misfit("linking another account") }
            resetSelection()
            pane = .catalog
        case .selectAsset(let symbol):
            guard pane == .asset else { throw misfit("choosing an asset") }
            guard let holding = eligibleAssets.first(where: { $0.symbol.lowercased() == symbol.lowercased() }) else {
                throw ActionRejected("\(symbol) cannot be sent; choose one of \(eligibleAssets.map(\.symbol).joined(separator: ", "))")
            }
            asset = holding
            emit(.event(type: "transferAssetSelected", payload: .object(["symbol": .string(holding.symbol)])))
            pane = .network
        case .selectNetwork(let idOrName):
            guard pane == .network, let asset else { throw misfit("choosing a network") }
            guard let chosen = MeshSandbox.network(idOrName), asset.networks.contains(chosen.id) else {
                let names = asset.networks.compactMap { MeshSandbox.network($0)?.name }
                throw ActionRejected("\(asset.symbol) does not go over \(idOrName); choose one of \(names.joined(separator: ", "))")
            }
            network = chosen
            emit(.event(type: "transferNetworkSelected", payload: .object(["id": .string(chosen.id), "name": .string(chosen.name)])))
            pane = .amount
        case .enterAmount(let value):
            guard pane == .amount, let asset else { throw misfit("entering an amount") }
            if let problem = MeshSandbox.amountProblem(value) { throw ActionRejected("enter an amount: \(problem)") }
            guard value <= asset.amount else {
                inlineError = "You have \(Self.format(asset.amount)) \(asset.symbol)"
                return
            }
            amount = value
            inlineError = nil
            emit(.event(type: "transferAmountEntered", payload: nil))
            startRequest(.preview, at: time)
        }
    }

    /// Enter: continue, execute, Done.
    mutating func primary(at time: Timestamp) throws(ActionRejected) {
        switch pane {
        case .connected:
            guard configuration.isTransferLink, let integration else {
                finish(event: "done")
                return
            }
            emit(.event(type: "transferStarted", payload: .object(["integrationType": .string(integration.brokerType),
                                                                   "integrationName": .string(integration.name)])))
            var eligible = eligibleAssets
            if let destination = configuration.destination {
                eligible = eligible.filter { $0.symbol == destination.symbol && $0.networks.contains(destination.networkId) }
            }
            guard !eligible.isEmpty else {
                let held: [JSONValue] = holdings.map { holding in
                    .object(["symbol": .string(holding.symbol), "amount": .number(holding.amount),
                             "ineligibilityReason": .string("not supported by the destination")])
                }
                emit(.event(type: "transferNoEligibleAssets", payload: .object([
                    "integrationType": .string(integration.brokerType), "integrationName": .string(integration.name),
                    "arrayOfTokensHeld": .array(held)])))
                pane = .transferError("None of the assets you hold can be sent to this destination.")
                return
            }
            if let destination = configuration.destination, let network = MeshSandbox.network(destination.networkId) {
                // one destination: the asset and the network are given
                asset = eligible[0]
                self.network = network
                pane = .amount
                return
            }
            pane = .asset
        case .preview:
            guard let integration, let asset, let amount else { throw misfit("executing") }
            emit(.event(type: "transferInitiated", payload: .object(["integrationType": .string(integration.brokerType),
                                                                     "integrationName": .string(integration.name),
                                                                     "status": .string("pending")])))
            if amount * asset.price >= MeshSandbox.transferMFAThresholdUSD {
                emit(.event(type: "transferMfaRequired", payload: nil))
                pane = .transferMFA
            } else {
                startRequest(.execute, at: time)
            }
        case .transferSuccess, .transferError:
            finish(event: "done")
        case .exitConfirmation:
            finish(event: "close")
        default:
            throw misfit("continue")
        }
    }

    /// Esc: a step back, or the exit dialog where there is none.
    mutating func back() throws(ActionRejected) {
        switch pane {
        case .credentials, .oauth:
            resetSelection()
            pane = .catalog
        case .network: pane = .asset
        case .amount where configuration.destination != nil: pane = .exitConfirmation(returnTo: pane)
        case .amount: inlineError = nil; pane = .network
        case .preview: pane = .amount
        case .transferSuccess, .transferError: finish(event: "done")
        case .exitConfirmation(let underneath): pane = underneath
        case .catalog, .mfa, .accounts, .connected, .asset, .transferMFA: pane = .exitConfirmation(returnTo: pane)
        case .loading, .finished: throw misfit("going back")
        }
    }

    mutating func selectIntegration(_ name: String) throws(ActionRejected) {
        guard pane == .catalog else { throw misfit("choosing an integration") }
        guard let chosen = MeshSandbox.integration(name) else { throw ActionRejected("there is no integration \(name) in the catalog") }
        let identity: [String: JSONValue] = ["integrationType": .string(chosen.brokerType), "integrationName": .string(chosen.name)]
        emit(.event(type: "integrationSelected", payload: .object(identity.merging(["userSearched": .bool(!query.isEmpty)]) { a, _ in a })))
        switch chosen.availability {
        case .unavailable(let reason):
            emit(.event(type: "connectionUnavailable", payload: .object(identity.merging(["reason": .string(reason)]) { a, _ in a })))
            inlineError = reason
            return
        case .declined(let reason):
            emit(.event(type: "connectionDeclined", payload: .object(identity.merging(["reason": .string(reason)]) { a, _ in a })))
            inlineError = reason
            return
        case .available:
            break
        }
        integration = chosen
        inlineError = nil
        if configuration.connectedIntegrations.contains(chosen.brokerType) {
            // its token was handed back: reconnected, no sign-in
            username = MeshSandbox.fullPortfolioUsername
            reconnecting = true
            signedIn()
            return
        }
        switch chosen.signIn {
        case .credentials:
            pane = .credentials
        case .oauth:
            emit(.event(type: "integrationOAuthStarted", payload: nil))
            pane = .oauth
        }
    }

    /// A request in flight answers.
    mutating func answer(_ answer: Answer) {
        guard case .loading(let from) = pane, let integration else { return }
        switch answer {
        case .signIn(let passwordOK):
            guard passwordOK else {
                inlineError = "Invalid username or password"
                emit(.event(type: "integrationConnectionError", payload: .object(["errorMessage": .string(inlineError)])))
                pane = from
                return
            }
            if integration.needsMFA {
                emit(.event(type: "integrationMfaRequired", payload: nil))
                pane = .mfa
            } else {
                signedIn()
            }
        case .mfa(let codeOK):
            guard codeOK else {
                inlineError = "Invalid verification code"
                emit(.event(type: "integrationConnectionError", payload: .object(["errorMessage": .string(inlineError)])))
                pane = from
                return
            }
            signedIn()
        case .oauthApproved:
            signedIn()
        case .preview:
            previewed(from: from)
        case .execute:
            executed()
        }
    }

    /// Signed in: choose among several accounts, or connected.
    mutating func signedIn() {
        holdings = MeshSandbox.portfolio(username: username)
        guard let integration, integration.accounts.count > 1 else {
            connect(accounts: [0])
            return
        }
        emit(.event(type: "integrationAccountSelectionRequired", payload: nil))
        pane = .accounts
    }

    /// onIntegrationConnected with the accounts chosen (iOS never gets an `integrationConnected` event).
    mutating func connect(accounts: [Int]) {
        guard let integration else { return }
        let brand: JSONValue = .object(["brokerLogo": .string("data:image/svg+xml;base64,PHN2Zy8+"),
                                        "brokerPrimaryColor": .string(integration.color)])
        let payload: JSONValue
        if integration.delayedAuth {
            payload = .object(["delayedAuth": .object([
                "refreshTokenExpiresInSeconds": .number(2_592_000), "brokerType": .string(integration.brokerType),
                "refreshToken": .string("mesh-rt-" + ids.alphanumeric(32)), "brokerName": .string(integration.name),
                "brokerBrandInfo": brand])])
        } else {
            let usd = holdings.reduce(0) { $0 + $1.amount * $1.price }
            let tokens: [JSONValue] = accounts.map { index in
                .object(["account": .object(["accountId": .string("\(integration.brokerType)-acc-\(index + 1)"),
                                             "accountName": .string(integration.accounts[index]),
                                             "fund": .number((usd * 100).rounded() / 100), "cash": .number(0),
                                             "isReconnected": .bool(reconnecting)]),
                         "accessToken": .string("mesh-at-" + ids.alphanumeric(32)),
                         "refreshToken": .string("mesh-rt-" + ids.alphanumeric(32))])
            }
            payload = .object(["accessToken": .object([
                "accountTokens": .array(tokens), "brokerBrandInfo": brand, "expiresInSeconds": .number(3_600),
                "refreshTokenExpiresInSeconds": .number(2_592_000), "brokerType": .string(integration.brokerType),
                "brokerName": .string(integration.name)])])
        }
        emit(.integrationConnected(payload))
        pane = .connected
    }

    mutating func previewed(from: MeshPane) {
        guard let asset, let network, let amount else { return }
        if amount == MeshSandbox.previewErrorAmount {
            inlineError = "The transfer could not be previewed: \(Self.format(amount)) \(asset.symbol) is below the minimum for \(network.name)"
            emit(.event(type: "transferPreviewError", payload: .object(["errorMessage": .string(inlineError)])))
            pane = from
            return
        }
        let feePrice = MeshSandbox.portfolio(username: MeshSandbox.fullPortfolioUsername).first { $0.symbol == network.feeSymbol }?.price ?? 1
        let institutionFee = (amount * 0.001 * 1_000_000).rounded() / 1_000_000
        func fee(_ amount: Double, _ symbol: String, _ price: Double) -> JSONValue {
            .object(["fee": .number(amount), "feeCurrency": .string(symbol), "feeInFiat": .number((amount * price * 100).rounded() / 100)])
        }
        preview = .object([
            "amount": .number(amount), "symbol": .string(asset.symbol), "toAddress": .string(network.toAddress),
            "networkId": .string(network.id), "networkName": .string(network.name), "previewId": .string(ids.uuid()),
            "amountInFiat": .number((amount * asset.price * 100).rounded() / 100), "fiatCurrency": .string("USD"),
            "estimatedNetworkGasFee": fee(network.fee, network.feeSymbol, feePrice),
            "institutionTransferFee": fee(institutionFee, asset.symbol, asset.price),
        ])
        emit(.event(type: "transferPreviewed", payload: preview))
        pane = .preview
    }

    mutating func executed() {
        guard let asset, let network, let amount else { return }
        if amount == MeshSandbox.executionErrorAmount {
            let message = "The transfer failed: \(network.name) rejected the transaction"
            inlineError = message
            emit(.event(type: "transferExecutionError", payload: .object(["errorMessage": .string(message)])))
            let finished: JSONValue = .object(["status": .string("error"), "errorMessage": .string(message)])
            emit(.event(type: "transferFinished", payload: finished))
            emit(.transferFinished(finished))
            pane = .transferError(message)
            return
        }
        let result: JSONValue = .object([
            "status": .string("success"), "txId": .string("0x" + ids.alphanumeric(64).lowercased()),
            "fromAddress": .string("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"), "toAddress": .string(network.toAddress),
            "symbol": .string(asset.symbol), "amount": .number(amount), "networkId": .string(network.id)])
        emit(.event(type: "transferExecuted", payload: result))
        emit(.event(type: "transferFinished", payload: result))
        emit(.transferFinished(result))
        pane = .transferSuccess
    }

    mutating func resetSelection() {
        reconnecting = false
        integration = nil
        inlineError = nil
        asset = nil
        network = nil
        amount = nil
        preview = nil
    }

    /// An amount as a person reads it: `2500`, `3.2`, `0.15`.
    public static func format(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        // decimals, never an exponent (0.000005, not 5e-06): up to 8 places, trailing zeros cut
        var text = String(format: "%.8f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    func describe(_ action: MeshAction) -> String {
        switch action {
        case .primary: "continue"
        case .setQuery: "typing a search"
        case .selectIntegration: "choosing an integration"
        case .submitCredentials: "signing in"
        case .oauth: "answering the integration's page"
        case .submitCode: "entering a code"
        case .selectAccounts: "choosing accounts"
        case .linkAnother: "linking another account"
        case .selectAsset: "choosing an asset"
        case .selectNetwork: "choosing a network"
        case .enterAmount: "entering an amount"
        case .control(.back): "going back"
        case .control(.requestExit): "asking to exit"
        case .control(.confirmExit): "confirming an exit"
        case .control(.cancelExit): "staying"
        case .control(.quit): "quitting"
        }
    }
}

/// MeshPane: the step of a Mesh Connect session the person is on.
public indirect enum MeshPane: Hashable, Sendable {
    /// The catalog: search and choose an integration.
    case catalog
    /// The integration's sign-in form.
    case credentials
    /// The integration's own sign-in page (OAuth-style).
    case oauth
    /// A request in flight; `from` is the pane that sent it.
    case loading(from: MeshPane)
    /// The one-time code after the password.
    case mfa
    /// Choose among a login's accounts.
    case accounts
    /// Connected: continue, or link another integration.
    case connected
    /// Transfer: choose the asset.
    case asset
    /// Transfer: choose the network.
    case network
    /// Transfer: enter the amount.
    case amount
    /// Transfer: the preview with its fees; execute to send.
    case preview
    /// Transfer: the one-time code before executing.
    case transferMFA
    /// Transfer: executed; Done ends the session.
    case transferSuccess
    /// Transfer: failed (no eligible asset, the execution); Done ends the session.
    case transferError(String)
    /// "Are you sure you want to exit?" over `returnTo`.
    case exitConfirmation(returnTo: MeshPane)
    /// The session has ended (onExit was called).
    case finished
}

/// MeshAction: what a person does in a Mesh session (the keys of the UI, or a scenario's steps).
public enum MeshAction: Hashable, Sendable {
    /// The pane's main action (Continue, Done, Execute).
    case primary
    /// Type into the catalog's search.
    case setQuery(String)
    /// Choose an integration by `BrokerType` (or name).
    case selectIntegration(String)
    /// Sign in.
    case submitCredentials(username: String, password: Secret)
    /// Approve or cancel on the integration's page.
    case oauth(approve: Bool)
    /// A one-time code (sign-in MFA or transfer MFA).
    case submitCode(Secret)
    /// Choose accounts (0-based) of a login with several.
    case selectAccounts([Int])
    /// From the connected pane: link another integration.
    case linkAnother
    /// Transfer: choose the asset by symbol.
    case selectAsset(String)
    /// Transfer: choose the network by id or name.
    case selectNetwork(String)
    /// Transfer: the amount, in the asset.
    case enterAmount(Double)
    /// Back, the exit dialog's three, quit: the actions every flow has (``FlowControl``;
    /// `.back`, `.requestExit`, `.confirmExit`, `.cancelExit` and `.quit` make them).
    case control(FlowControl)
}

extension MeshAction {
    /// The action with copies of its secrets: sending wipes the secrets it is given, so a scenario
    /// step (played again, or asked of the engine first) sends a copy.
    public func copy() -> MeshAction {
        switch self {
        case .submitCredentials(let username, let password): .submitCredentials(username: username, password: password.copy())
        case .submitCode(let code): .submitCode(code.copy())
        default: self
        }
    }
}

extension MeshAction: FlowControlling {}

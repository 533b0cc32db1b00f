import LinkKit
import LinkSDK

/// MeshAssetPane: transfer: the asset to send (those held with a network to the destination).
struct MeshAssetPane: PaneView {
    var list = MeshList()

    func title(_ context: MeshPaneContext) -> String? { " Transfer: asset " }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("↑/↓", "move", matches: [.up, .down]), MeshKeyBinding("Enter", "choose", matches: [.enter]),
                MeshKeyBinding("Esc", "exit", matches: [.escape])])
    }

    mutating func enter(_ context: MeshPaneContext, returning: Bool) { list.cursor.reset() }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        let assets = context.engine.eligibleAssets
        if list.handle(key, count: assets.count) { return .handled }
        switch key {
        case .enter:
            guard assets.indices.contains(list.cursor.index) else { return .handled }
            return .send(.selectAsset(assets[list.cursor.index].symbol))
        case .escape: return .send(.back)
        default: return .ignored
        }
    }

    /// `asset`: arrows to its row, Enter.
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        guard case .selectAsset(let symbol) = action else { return nil }
        let index = context.engine.eligibleAssets.firstIndex { $0.symbol.lowercased() == symbol.lowercased() }
        return try KeyPlanner.pick(index, from: list.cursor.index, symbol, pane: context.engine.paneName)
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        buffer.text("Choose what to send", y: area.y, x: area.x, area: area, style: s.title)
        let eligible = context.engine.eligibleAssets
        // assets held that no network of the sandbox carries: listed right under the others, muted, with why
        let unavailable = context.engine.holdings.filter { $0.amount > 0 && $0.networks.isEmpty }
        // the amounts right-aligned in one column, the unavailable ones' too
        let amounts = (eligible + unavailable).map { Money.amount($0.amount) }
        let amountWidth = amounts.map(displayWidth(of:)).max() ?? 0
        let row = { (holding: MeshHolding) in
            "\(pad(holding.symbol, toWidth: 6)) \(String(repeating: " ", count: max(0, amountWidth - displayWidth(of: Money.amount(holding.amount)))))\(Money.amount(holding.amount)) held"
        }
        // each one's why goes on under its amount where the card is narrow
        let notes = unavailable.flatMap { holding -> [String] in
            let head = "  " + row(holding) + " · unavailable"
            let why = "no network for it in the sandbox"
            if displayWidth(of: head + ": " + why) <= area.width { return [head + ": " + why] }
            return [head] + wrap(why, width: max(1, area.width - 9)).map { String(repeating: " ", count: 9) + $0 }
        }
        let room = notes.isEmpty ? 0 : min(notes.count, max(0, area.height - 6))
        let listTop = area.y + 2
        let listHeight = max(1, min(eligible.count, area.maxY - listTop - 2 - room))
        let listArea = Rect(x: area.x, y: area.y, width: area.width, height: listTop - area.y + listHeight)
        list.draw(eligible.map(row), y: listTop, into: &buffer, area: listArea, styles: s)
        for (index, note) in notes.prefix(room).enumerated() {
            buffer.text(note, y: listTop + listHeight + index, x: area.x, area: area, style: s.muted)
        }
        buffer.primaryButton("Continue", y: min(area.maxY - 1, listTop + listHeight + room + 1), area: area, styles: s)
        return nil
    }
}

/// MeshNetworkPane: transfer: the network to send over.
struct MeshNetworkPane: PaneView {
    var list = MeshList()

    func title(_ context: MeshPaneContext) -> String? { " Transfer: network " }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("↑/↓", "move", matches: [.up, .down]), MeshKeyBinding("Enter", "choose", matches: [.enter]),
                MeshKeyBinding("Esc", "back", matches: [.escape])])
    }

    mutating func enter(_ context: MeshPaneContext, returning: Bool) { list.cursor.reset() }

    static func networks(_ context: MeshPaneContext) -> [MeshNetwork] {
        (context.engine.asset?.networks ?? []).compactMap { MeshSandbox.network($0) }
    }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        let networks = Self.networks(context)
        if list.handle(key, count: networks.count) { return .handled }
        switch key {
        case .enter:
            guard networks.indices.contains(list.cursor.index) else { return .handled }
            return .send(.selectNetwork(networks[list.cursor.index].id))
        case .escape: return .send(.back)
        default: return .ignored
        }
    }

    /// `network`: arrows to its row, Enter.
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        guard case .selectNetwork(let idOrName) = action else { return nil }
        let networks = (context.engine.asset?.networks ?? []).compactMap { MeshSandbox.network($0) }
        let index = networks.firstIndex { $0.id == MeshSandbox.network(idOrName)?.id }
        return try KeyPlanner.pick(index, from: list.cursor.index, idOrName, pane: context.engine.paneName)
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        buffer.text("Send \(context.engine.asset?.symbol ?? "") over", y: area.y, x: area.x, area: area, style: s.title)
        list.draw(Self.networks(context).map(\.name), y: area.y + 2, into: &buffer, area: area, styles: s, button: "Continue")
        return nil
    }
}

/// MeshAmountPane: transfer: how much, in the asset.
struct MeshAmountPane: PaneView {
    var field = TextField(maxLength: 20)

    func title(_ context: MeshPaneContext) -> String? { " Transfer: amount " }
    func takesText(_ context: MeshPaneContext) -> Bool { true }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("Enter", "preview", matches: [.enter]), MeshKeyBinding("Esc", "back", matches: [.escape])])
    }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        switch key {
        case .enter:
            guard let value = Double(field.text.trimmingCharacters(in: .whitespaces)), value > 0, value.isFinite else { return .handled }
            return .send(.enterAmount(value))
        case .escape: return .send(.back)
        case .char(let c) where !(c.isNumber || c == "."): return .handled  // digits and a point only
        default: return field.handle(key) == nil ? .ignored : .handled
        }
    }

    /// `amount`: the field emptied, the amount typed, Enter.
    func keys(for command: MeshScenarioCommand, context: MeshPaneContext) throws(ActionRejected) -> [Key]? {
        guard case .action(let action) = command else { return nil }
        guard case .enterAmount(let value) = action else { return nil }
        return [.ctrl("u")] + KeyPlanner.keys(typing: MeshEngine.format(value)) + [.enter]
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        let asset = context.engine.asset
        var y = buffer.paragraph("How much \(asset?.symbol ?? "") to send over \(context.engine.network?.name ?? "")?",
                                 y: area.y, area: area, style: s.title) + 1
        if let error = context.engine.inlineError {
            y = buffer.paragraph("✗ " + sanitizeForTerminal(error), y: y, area: area, style: s.error) + 1
        }
        let cursor = buffer.field(field, label: "Amount", y: y, area: area, labelWidth: 10, focused: true, styles: s)
        // the card's one filled button (muted until an amount can be previewed), then the hint
        let amount = Double(field.text.trimmingCharacters(in: .whitespaces))
        buffer.primaryButton("Preview", y: min(area.maxY - 1, y + 2), area: area,
                             enabled: amount.map { $0 > 0 && $0.isFinite } ?? false, styles: s)
        if let asset {
            buffer.paragraph("You hold \(Money.amount(asset.amount)) \(asset.symbol). Sandbox: 13 fails the preview, 666 the execution, $1,000 or more asks for a code.",
                             y: min(area.maxY - 1, y + 4), area: area, style: s.muted)
        }
        return cursor
    }
}

/// MeshPreviewPane: transfer: what will be sent, where, and the fees; Enter executes.
struct MeshPreviewPane: PaneView {
    func title(_ context: MeshPaneContext) -> String? { " Transfer: preview " }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap {
        MeshKeyMap([MeshKeyBinding("Enter", "send", matches: [.enter]), MeshKeyBinding("Esc", "back", matches: [.escape])])
    }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        switch key {
        case .enter: .send(.primary)
        case .escape: .send(.back)
        default: .ignored
        }
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        guard let preview = context.engine.preview else { return nil }
        let text = { (path: String) in Self.text(path, in: preview) }
        var y = buffer.paragraph("Send \(text("amount")) \(text("symbol")) (≈ \(text("amountInFiat")))", y: area.y, area: area,
                                 style: s.title) + 1
        let rows = [
            ("To", text("toAddress")), ("Network", text("networkName")),
            ("Network fee", Self.fee(text, "estimatedNetworkGasFee")), ("Exchange fee", Self.fee(text, "institutionTransferFee")),
            ("Preview", text("previewId")),
        ]
        for (label, value) in rows where y < area.maxY - 2 {
            buffer.text(pad(label, toWidth: 14), y: y, x: area.x, area: area, style: s.muted)
            buffer.text(value, y: y, x: area.x + 14, area: area, style: s.text)
            y += 1
        }
        buffer.primaryButton("Send", y: min(area.maxY - 1, y + 1), area: area, styles: s)
        return nil
    }
}

extension MeshPreviewPane {
    /// The value at `path` of a payload as the card shows it: an amount grouped by thousands
    /// (``Money/amount(_:)``), a value in dollars (a name ending `InFiat`) to the cent, text sanitised.
    static func text(_ path: String, in payload: JSONValue?) -> String {
        let raw = MeshExpectation.text(at: path, in: payload)
        if case .number? = payload?[path.split(separator: ".").map(String.init)], let value = Double(raw) {
            return path.hasSuffix("InFiat") ? Money.usd(value) : Money.amount(value)
        }
        return sanitizeForTerminal(raw)
    }

    /// A fee of the preview (`estimatedNetworkGasFee`, `institutionTransferFee`): its amount, its
    /// asset and, when known, its value in dollars.
    static func fee(_ text: (String) -> String, _ name: String) -> String {
        var fiat = text(name + ".feeInFiat")
        // a fee worth less than a cent is not free: "< $0.01", not "$0.00"
        if fiat == "$0.00", let fee = Double(text(name + ".fee").replacingOccurrences(of: ",", with: "")), fee > 0 { fiat = "< $0.01" }
        return "\(text(name + ".fee")) \(text(name + ".feeCurrency"))" + (fiat == "null" ? "" : fiat.hasPrefix("<") ? " (\(fiat))" : " (≈ \(fiat))")
    }
}

/// MeshTransferResultPane: the transfer executed, or why it did not; Enter is Done.
struct MeshTransferResultPane: PaneView {
    func title(_ context: MeshPaneContext) -> String? { context.pane == .transferSuccess ? " Transfer sent " : " Transfer failed " }

    func keyMap(_ context: MeshPaneContext) -> MeshKeyMap { MeshKeyMap([MeshKeyBinding("Enter", "done", matches: [.enter, .escape])]) }

    mutating func handle(_ key: Key, context: MeshPaneContext) -> MeshPaneResult {
        key == .enter || key == .escape ? .send(.primary) : .ignored
    }

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        var y = area.y
        if case .transferError(let message) = context.pane {
            y = buffer.paragraph("✗ " + sanitizeForTerminal(message), y: y, area: area, style: s.error) + 1
        } else {
            let amount = context.engine.amount.map(Money.amount) ?? ""
            y = buffer.paragraph("✓ \(amount) \(context.engine.asset?.symbol ?? "") sent over \(context.engine.network?.name ?? "")",
                                 y: y, area: area, style: s.success) + 1
            // what Mesh's own card shows: the amount in dollars, where it went, the fees, the transaction
            let preview = context.engine.preview
            let text = { (path: String) in MeshPreviewPane.text(path, in: preview) }
            var rows: [(String, String)] = []
            if preview != nil {
                rows += [("Value", "≈ " + text("amountInFiat")), ("To", text("toAddress")),
                         ("Network fee", MeshPreviewPane.fee(text, "estimatedNetworkGasFee")),
                         ("Exchange fee", MeshPreviewPane.fee(text, "institutionTransferFee"))]
            }
            if let transfer = context.lastTransfer {
                rows.append(("Transaction", sanitizeForTerminal(MeshExpectation.text(at: "txId", in: transfer))))
            }
            // a value too long for its column (the transaction id) goes on under its first line, whole
            let column = max(1, area.width - 14)
            for (label, value) in rows where y < area.maxY - 2 {
                buffer.text(pad(label, toWidth: 14), y: y, x: area.x, area: area, style: s.muted)
                for piece in wrap(value, width: column) where y < area.maxY - 2 {
                    buffer.text(piece, y: y, x: area.x + 14, area: area, style: s.text)
                    y += 1
                }
            }
        }
        buffer.primaryButton("Done", y: min(area.maxY - 1, y + 1), area: area, styles: s)
        return nil
    }
}

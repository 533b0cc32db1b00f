import LinkKit

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

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        buffer.text("Choose what to send", y: area.y, x: area.x, area: area, style: s.title)
        let rows = context.engine.eligibleAssets.map { "\(pad($0.symbol, toWidth: 6)) \(MeshEngine.format($0.amount)) held" }
        list.draw(rows, y: area.y + 2, into: &buffer, area: area, styles: s)
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

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        buffer.text("Send \(context.engine.asset?.symbol ?? "") over", y: area.y, x: area.x, area: area, style: s.title)
        list.draw(Self.networks(context).map(\.name), y: area.y + 2, into: &buffer, area: area, styles: s)
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

    mutating func draw(into buffer: inout CellBuffer, area: Rect, context: MeshPaneContext) -> CellPosition? {
        let s = context.styles
        let asset = context.engine.asset
        var y = buffer.paragraph("How much \(asset?.symbol ?? "") to send over \(context.engine.network?.name ?? "")?",
                                 y: area.y, area: area, style: s.title) + 1
        if let error = context.engine.inlineError {
            y = buffer.paragraph("✗ " + sanitizeForTerminal(error), y: y, area: area, style: s.error) + 1
        }
        let cursor = buffer.field(field, label: "Amount", y: y, area: area, labelWidth: 10, focused: true, styles: s)
        if let asset {
            buffer.paragraph("You hold \(MeshEngine.format(asset.amount)) \(asset.symbol). Sandbox: 13 fails the preview, 666 the execution, $1,000 or more asks for a code.",
                             y: min(area.maxY - 1, y + 2), area: area, style: s.muted)
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
        func text(_ path: String) -> String {
            let raw = MeshExpectation.text(at: path, in: preview)
            if case .number? = preview[path.split(separator: ".").map(String.init)], let value = Double(raw) { return MeshEngine.format(value) }
            return sanitizeForTerminal(raw)
        }
        var y = buffer.paragraph("Send \(text("amount")) \(text("symbol")) (≈ $\(text("amountInFiat")))", y: area.y, area: area, style: s.title) + 1
        let rows = [
            ("To", text("toAddress")), ("Network", text("networkName")),
            ("Network fee", "\(text("estimatedNetworkGasFee.fee")) \(text("estimatedNetworkGasFee.feeCurrency")) (≈ $\(text("estimatedNetworkGasFee.feeInFiat")))"),
            ("Exchange fee", "\(text("institutionTransferFee.fee")) \(text("institutionTransferFee.feeCurrency"))"),
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
            let amount = context.engine.amount.map(MeshEngine.format) ?? ""
            y = buffer.paragraph("✓ \(amount) \(context.engine.asset?.symbol ?? "") sent over \(context.engine.network?.name ?? "")",
                                 y: y, area: area, style: s.success) + 1
        }
        buffer.primaryButton("Done", y: min(area.maxY - 1, y + 1), area: area, styles: s)
        return nil
    }
}

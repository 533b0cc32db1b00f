// EmbeddedSearch: a terminal app that places Plaid's Embedded Institution Search in its own
// screen (seed 001, "Embedded Institution Search"): a checkout page of its own, with the search
// component where a "Pay by bank" button would be. Choosing an institution there opens Link full
// screen on the app's terminal, from consent straight to that institution; when Link closes, the
// page shows the outcome. Esc leaves; the callbacks heard are printed at the end.
import Foundation
import LinkKit
import LinkUI

/// The app's own page: its text, and the embedded search in a box below it.
final class CheckoutPage: TerminalApp {
    let screen: TerminalScreen
    var embeddedView: EmbeddedSearchUIView?
    var lines: [String] = []
    var outcome = "Choose your bank to pay $24.00 from it."
    private(set) var end: SessionEnd = .exited
    let isTooSmall = false
    let nextDeadline: Int64? = nil
    let now: Int64 = 0
    private let styles = ThemeStyles(theme: ThemeLoader.defaultTheme)

    init(screen: TerminalScreen) { self.screen = screen }

    func createEmbeddedSearchView() {
        let configuration = EmbeddedLinkTokenConfiguration(
            token: "link-sandbox-af1a0311-da53-4636-b754-dd15cc058176",
            onSuccess: { [unowned self] success in
                lines.append("onSuccess public_token=\(success.publicToken) institution=\(success.metadata.institution?.id ?? "null")")
                outcome = "Paid with \(success.metadata.institution?.name ?? "your bank"). Thank you!"
            },
            onExit: { [unowned self] exit in
                lines.append("onExit status=\(exit.metadata.status?.description ?? "null")")
                outcome = "Link closed without connecting a bank. Choose one to try again."
            },
            onEvent: { [unowned self] event in
                lines.append("onEvent \(event.eventName)")
            }
        )
        do {
            embeddedView = try Plaid.createEmbeddedLinkUIView(configuration: configuration, presentationMethod: .terminal(screen))
        } catch {
            lines.append("error: \(error)")
        }
    }

    func start() { createEmbeddedSearchView() }

    func update(_ message: AppMessage) -> AppEffects {
        switch message {
        case .key(.escape) where embeddedView?.query.isEmpty ?? true, .key(.char("q")) where embeddedView?.query.isEmpty ?? true:
            return .leave
        case .key(.ctrl("c")):
            end = .interrupted
            return .leave
        case .key(let key):
            switch embeddedView?.handle(key) {
            case .linkClosed(let linkEnd?) where linkEnd.isSignal:
                end = linkEnd
                return .leave
            case .linkClosed:
                return [.repaintAll, .redraw]
            case .handled:
                return .redraw
            default:
                return []
            }
        case .ended(let signalEnd):
            end = signalEnd
            return .leave
        case .resized, .resumed:
            return .redraw
        case .tick, .outputFailed:
            return []
        }
    }

    func render(rows: Int, cols: Int) -> (buffer: CellBuffer, cursor: CellPosition?) {
        var buffer = CellBuffer(rows: rows, cols: cols, style: styles.text)
        let width = min(cols - 4, 72)
        let x = max(0, (cols - width) / 2)
        _ = buffer.put("Acme Pay · Checkout", y: 1, x: x, maxWidth: width, style: styles.title)
        _ = buffer.put("Order #1042 · 1 × Terminal stickers · Total $24.00", y: 3, x: x, maxWidth: width, style: styles.text)
        _ = buffer.put("Pay by bank: no card fees, instant.", y: 4, x: x, maxWidth: width, style: styles.muted)
        var cursor: CellPosition?
        var below = 6
        if let embeddedView {
            let height = min(embeddedView.expectedHeight, max(4, rows - 10))
            cursor = embeddedView.draw(into: &buffer, area: Rect(x: x, y: 6, width: width, height: height))
            below = 6 + height
        }
        _ = buffer.put(outcome, y: below + 1, x: x, maxWidth: width, style: styles.accent)
        _ = buffer.put("Type to search · ↑/↓ choose · Enter connect · Esc leave", y: rows - 1, x: x, maxWidth: width,
                       style: styles.muted)
        return (buffer, cursor)
    }
}

do {
    try TerminalScreen.checkUsable()
} catch {
    FileHandle.standardError.write(Data("EmbeddedSearch: \(error)\n".utf8))
    exit(2)
}
let screen: TerminalScreen
do {
    screen = try TerminalScreen.open()
} catch {
    FileHandle.standardError.write(Data("EmbeddedSearch: \(error)\n".utf8))
    exit(2)
}
let page = CheckoutPage(screen: screen)
let end = TerminalRunner(app: page, screen: screen).run()
screen.close()
for line in page.lines { print(line) }
exit(end.isSignal ? end.exitStatus : (page.lines.contains { $0.hasPrefix("onSuccess") } ? 0 : 1))

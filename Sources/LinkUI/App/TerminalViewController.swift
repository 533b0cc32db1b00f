import Foundation
import LinkKit

/// TerminalViewController: what a terminal program adopts where an iOS app's view controller
/// presents LinkKit v1's Link: `present(linkViewController, animated: true)` shows it in this
/// terminal until the session ends; `dismiss(animated:completion:)`, which the seed's delegate
/// methods call while Link is still on screen, runs its completion once Link has left it and
/// the terminal is restored (so what it prints is not drawn over).
public protocol TerminalViewController: AnyObject {}

extension TerminalViewController {
    /// Shows v1's Link full screen in this terminal and returns when the session has ended and
    /// the dismissals asked for during it have run.
    public func present(_ linkViewController: PLKPlaidLinkViewController, animated: Bool, completion: (() -> Void)? = nil) {
        Dismissals.shared.begin()
        linkViewController.open(using: .terminal)
        for pending in Dismissals.shared.end() { pending() }
        completion?()
    }

    /// Dismisses Link: `completion` runs once it has left the screen (at once when it is not shown).
    public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
        guard let completion else { return }
        if !Dismissals.shared.hold(completion) { completion() }
    }
}

/// Dismissals: the completions of `dismiss` asked for while Link is on screen.
private final class Dismissals: @unchecked Sendable {
    static let shared = Dismissals()
    private let lock = NSLock()
    private var presenting = 0
    private var pending: [() -> Void] = []

    func begin() { lock.withLock { presenting += 1 } }

    /// Keeps `completion` for the end of the presentation; false when none is under way.
    func hold(_ completion: @escaping () -> Void) -> Bool {
        lock.withLock {
            guard presenting > 0 else { return false }
            pending.append(completion)
            return true
        }
    }

    func end() -> [() -> Void] {
        lock.withLock {
            presenting -= 1
            defer { pending = [] }
            return pending
        }
    }
}

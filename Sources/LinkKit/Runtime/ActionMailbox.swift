import Synchronization

/// ActionMailbox: actions handed to a running session from another thread (an app's URL
/// handler calling `continue(from:)`), applied by the session's own loop at its next tick.
public final class ActionMailbox: Sendable {
    private let actions = Mutex<[UserAction]>([])
    private let wake = Mutex<(@Sendable () -> Void)?>(nil)

    /// Creates an empty mailbox.
    public init() {}

    /// Posts an action and wakes the loop that owns the session, if it asked to be woken.
    public func post(_ action: UserAction) {
        actions.withLock { $0.append(action) }
        wake.withLock { $0 }?()
    }

    /// Takes every action posted so far, in order.
    public func take() -> [UserAction] {
        actions.withLock { pending in
            defer { pending.removeAll() }
            return pending
        }
    }

    /// Sets what wakes the session's loop when an action is posted (a terminal loop asleep on input).
    public func onPost(_ wakeUp: @escaping @Sendable () -> Void) {
        wake.withLock { $0 = wakeUp }
    }
}

extension LinkEngine {
    /// Why `action` would be refused on the pane the session is on now, or nil when it fits:
    /// tried on a copy of this engine (a value), which is then dropped. What the trial is sent is
    /// wiped by it, as a real send would wipe it: give it copies. Replay and the autopilot ask
    /// this, so a scenario step fits or is refused the same way through both.
    public func refusal(of action: UserAction) -> ActionRejected? {
        var trial = self
        do {
            _ = try trial.send(action, at: now)
            return nil
        } catch {
            return error
        }
    }
}

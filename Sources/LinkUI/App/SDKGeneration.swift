/// SDKGeneration: the shape in which a session's callbacks are shown and written.
public enum SDKGeneration: String, Hashable, Sendable, CaseIterable {
    /// LinkKit 4 to 7: onLoad, onEvent, onSuccess, onExit with typed metadata.
    case current
    /// LinkKit v1: the delegate's didHandleEvent, didSucceedWithPublicToken, didExitWithError
    /// with `[String: Any]` metadata under the `kPLKMetadata*` keys.
    case v1
}

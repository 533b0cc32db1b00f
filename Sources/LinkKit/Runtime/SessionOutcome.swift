/// SessionOutcome: how a session ended, as its host learns it: onSuccess or onExit.
public enum SessionOutcome: Hashable, Sendable {
    /// The session linked an item (onSuccess).
    case success(LinkSuccess)
    /// The session ended without linking (onExit).
    case exit(LinkExit)

    /// The outcome `record` announces, if it is an ending.
    public init?(_ record: SessionRecord) {
        switch record {
        case .success(let success): self = .success(success)
        case .exit(let exit): self = .exit(exit)
        default: return nil
        }
    }

    /// One line for a person, with no secret in it: `onSuccess public_token=… institution=…
    /// accounts=N` or `onExit status=… error=TYPE/CODE`.
    public var summary: String {
        switch self {
        case .success(let success):
            return "onSuccess public_token=\(success.publicToken.isEmpty ? "null" : success.publicToken) institution=\(success.metadata.institution?.id ?? "null") "
                + "accounts=\(success.metadata.accounts.count)"
        case .exit(let exit):
            var line = "onExit status=\(exit.metadata.status?.description ?? "null")"
            if let error = exit.error { line += " error=\(error.errorCode.errorType)/\(error.errorCode.errorCode)" }
            return line
        }
    }
}

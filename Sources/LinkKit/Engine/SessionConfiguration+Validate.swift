/// ConfigurationError: a configuration a session cannot be created from.
///
/// A bad link token is not one of these: like the real SDK, the session opens and ends at once
/// through onExit with `INVALID_LINK_TOKEN`.
public enum ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Update mode names an institution the directory does not hold.
    case unknownInstitution(String)
    /// A setting is out of range.
    case invalidOption(String)

    /// A sentence saying what is wrong.
    public var description: String {
        switch self {
        case .unknownInstitution(let id): "update mode: there is no institution \(id) in the directory"
        case .invalidOption(let message): message
        }
    }
}

extension SessionConfiguration {
    /// The latencies a session accepts, in milliseconds (every front end's range check).
    public static let latencyRange: ClosedRange<Int64> = SandboxLatency.range

    /// The one check of a session configuration, made by every way into a session (the API,
    /// the command line, replay, the autopilot): the latency in range, the search debounce not
    /// negative, the update-mode and embedded search institutions in the directory.
    public func validate() throws(ConfigurationError) {
        if let id = updateModeInstitutionID, directory[id] == nil {
            throw .unknownInstitution(id)
        }
        if !Self.latencyRange.contains(latencyMillis) {
            throw .invalidOption("the latency must be 0 to \(Self.maximumLatencyMillis) ms")
        }
        if let id = embeddedInstitutionID, directory[id] == nil {
            throw .invalidOption("embedded search: there is no institution \(UntrustedText.quoted(id)) in the directory")
        }
        if searchDebounceMillis < 0 { throw .invalidOption("the search debounce must be 0 ms or more") }
        if let redirectURI, let problem = OAuthRedirect.problem(with: redirectURI) { throw .invalidOption(problem) }
        if let routingNumber, let problem = SandboxAuth.routingNumberProblem(routingNumber) {
            throw .invalidOption("the routing number \(UntrustedText.quoted(routingNumber)): \(problem)")
        }
    }
}

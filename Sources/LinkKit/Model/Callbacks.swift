/// LinkEvent: one event of a session, as `onEvent` receives it.
public struct LinkEvent: Hashable, Sendable, Codable {
    /// What happened.
    public var eventName: EventName
    /// The details.
    public var metadata: EventMetadata

    /// Creates an event.
    public init(eventName: EventName, metadata: EventMetadata) {
        self.eventName = eventName
        self.metadata = metadata
    }

    private enum CodingKeys: String, CodingKey {
        case eventName = "event_name"
        case metadata
    }
}

/// SuccessMetadata: what `onSuccess` receives besides the public token.
public struct SuccessMetadata: Hashable, Sendable, Codable {
    /// The institution the user linked; `nil` when the Item was created by same-day
    /// micro-deposits (typed account numbers, no institution).
    public var institution: Institution?
    /// The accounts the user shared (only the selected ones when account select is on).
    public var accounts: [Account]
    /// The session id.
    public var linkSessionID: String

    /// Creates success metadata.
    public init(institution: Institution?, accounts: [Account], linkSessionID: String) {
        self.institution = institution
        self.accounts = accounts
        self.linkSessionID = linkSessionID
    }

    private enum CodingKeys: String, CodingKey {
        case institution, accounts
        case linkSessionID = "link_session_id"
    }
}

/// LinkSuccess: the outcome of a session that linked an item (`onSuccess`).
public struct LinkSuccess: Hashable, Sendable, Codable {
    /// The public token, `public-sandbox-<uuid>`.
    public var publicToken: String
    /// The institution and accounts.
    public var metadata: SuccessMetadata

    /// Creates a success.
    public init(publicToken: String, metadata: SuccessMetadata) {
        self.publicToken = publicToken
        self.metadata = metadata
    }

    private enum CodingKeys: String, CodingKey {
        case publicToken = "public_token"
        case metadata
    }
}

/// ExitMetadata: what `onExit` receives besides the error.
public struct ExitMetadata: Hashable, Sendable, Codable {
    /// Where the user was when they left; `nil` when Link could not open.
    public var status: ExitStatus?
    /// The institution selected at the time, if any.
    public var institution: Institution?
    /// The session id.
    public var linkSessionID: String?
    /// The id of the last backend request.
    public var requestID: String?

    /// Creates exit metadata.
    public init(status: ExitStatus?, institution: Institution?, linkSessionID: String?, requestID: String?) {
        self.status = status
        self.institution = institution
        self.linkSessionID = linkSessionID
        self.requestID = requestID
    }

    private enum CodingKeys: String, CodingKey {
        case status, institution
        case linkSessionID = "link_session_id"
        case requestID = "request_id"
    }

    /// Encodes every key, `null` where absent.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(institution, forKey: .institution)
        try c.encode(status, forKey: .status)
        try c.encode(linkSessionID, forKey: .linkSessionID)
        try c.encode(requestID, forKey: .requestID)
    }
}

/// LinkExit: the outcome of a session that ended without linking (`onExit`).
public struct LinkExit: Hashable, Sendable, Codable {
    /// The most recent error the user hit, or `nil`.
    public var error: ExitError?
    /// Where the user left and the session ids.
    public var metadata: ExitMetadata

    /// Creates an exit.
    public init(error: ExitError?, metadata: ExitMetadata) {
        self.error = error
        self.metadata = metadata
    }

    /// Encodes `error` as `null` where absent.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(error, forKey: .error)
        try c.encode(metadata, forKey: .metadata)
    }
}

/// SessionRecord: one line of a session's record, in the order it happened.
///
/// The events file and `linkterm replay` write one JSON object per record:
/// `{"type":"load"}`, `{"type":"event",…}`, `{"type":"success",…}` or `{"type":"exit",…}`.
///
/// Its payloads are boxed (`indirect`): a record is handed on many times (the driver's batch,
/// every observer, the records kept), and copying it is then one reference count, not one for
/// each of an event's seventeen metadata fields.
public indirect enum SessionRecord: Hashable, Sendable {
    /// `onLoad`: the session is ready to show.
    case load
    /// `onEvent`.
    case event(LinkEvent)
    /// `onSuccess`.
    case success(LinkSuccess)
    /// `onExit`.
    case exit(LinkExit)
}

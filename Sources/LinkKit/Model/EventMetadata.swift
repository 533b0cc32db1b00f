import Foundation

/// EventMetadata: what `onEvent` receives with each event, shaped like LinkKit 7's type.
///
/// On the wire (the events file, `linkterm replay`) every one of its 17 keys is present, `null`
/// where absent, in the order of ``WireKey`` (EventMetadata+Wire.swift).
public struct EventMetadata: Hashable, Sendable {
    /// The masked account number (`SUBMIT_ACCOUNT_NUMBER`).
    public var accountNumberMask: String?
    /// The error type and code (`ERROR`, `EXIT`).
    public var errorCode: ExitErrorCode?
    /// The developer-facing error message (`ERROR`, `EXIT`).
    public var errorMessage: String?
    /// Where the user was when they left (`EXIT`).
    public var exitStatus: ExitStatus?
    /// The selected institution's id (every event once one is selected).
    public var institutionID: String?
    /// The selected institution's name.
    public var institutionName: String?
    /// The query the user settled on (`SEARCH_INSTITUTION`).
    public var institutionSearchQuery: String?
    /// Whether Link runs in update mode (`OPEN`): `"true"` or `"false"`, a string as LinkKit
    /// types it (the events file writes it as a JSON boolean).
    public var isUpdateMode: String?
    /// Why a matched institution was offered (`MATCHED_SELECT_INSTITUTION`).
    public var matchReason: String?
    /// The MFA kind (`SUBMIT_MFA`, and `TRANSITION_VIEW` to `MFA`).
    public var mfaType: MFAType?
    /// The routing number (`SUBMIT_ROUTING_NUMBER`).
    public var routingNumber: String?
    /// The pane shown (`TRANSITION_VIEW`, and `OPEN` for the first pane).
    public var viewName: ViewName?
    /// The auth type or verify method chosen (`SELECT_AUTH_TYPE`).
    public var selection: String?
    /// When the event happened, to the millisecond (the engine's integer time, so that replays
    /// are byte-identical); ``timestamp`` gives it as LinkKit's `Date`.
    public var instant: Timestamp
    /// When the event happened (`Date`, as LinkKit types it).
    public var timestamp: Date {
        get { instant.date }
        set { instant = Timestamp(newValue) }
    }
    /// The session id: one lowercase UUID for the whole session.
    public var linkSessionID: String
    /// The id of the backend request the event belongs to (15 alphanumerics).
    public var requestID: String?
}

extension EventMetadata {
    /// Creates metadata with only the keys every event has.
    ///
    /// Declared out here so that the struct keeps its synthesized memberwise initializer, which
    /// this one calls: it builds the value in place, where an initializer assigning the fields one
    /// by one makes a copy of all seventeen of them and destroys the original (the optimizer does
    /// not pair the two for a struct this size), once per event.
    public init(timestamp: Timestamp, linkSessionID: String, requestID: String?) {
        self.init(instant: timestamp, linkSessionID: linkSessionID, requestID: requestID)
    }
}

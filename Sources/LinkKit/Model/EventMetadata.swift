import Foundation

/// EventMetadata: what `onEvent` receives with each event, shaped like LinkKit 7's type.
///
/// On the wire (the events file, `linkterm replay`) every one of the 17 keys below
/// is present, `null` where absent, in this order: `account_number_mask, error_type, error_code,
/// error_message, exit_status, institution_id, institution_name, institution_search_query,
/// is_update_mode, match_reason, mfa_type, routing_number, view_name, selection, timestamp,
/// link_session_id, request_id`.
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
    /// Whether Link runs in update mode (`OPEN`).
    public var isUpdateMode: Bool?
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
    /// When the event happened.
    public var timestamp: Timestamp
    /// The session id: one lowercase UUID for the whole session.
    public var linkSessionID: String
    /// The id of the backend request the event belongs to (15 alphanumerics).
    public var requestID: String?

    /// Creates metadata with only the keys every event has.
    public init(timestamp: Timestamp, linkSessionID: String, requestID: String?) {
        self.timestamp = timestamp
        self.linkSessionID = linkSessionID
        self.requestID = requestID
    }

    /// The wire keys in the order the events file writes them.
    public static let wireKeys: [String] = [
        "account_number_mask", "error_type", "error_code", "error_message", "exit_status",
        "institution_id", "institution_name", "institution_search_query", "is_update_mode",
        "match_reason", "mfa_type", "routing_number", "view_name", "selection", "timestamp",
        "link_session_id", "request_id",
    ]
}

extension EventMetadata: Codable {
    private enum CodingKeys: String, CodingKey {
        case accountNumberMask = "account_number_mask"
        case errorType = "error_type"
        case errorCode = "error_code"
        case errorMessage = "error_message"
        case exitStatus = "exit_status"
        case institutionID = "institution_id"
        case institutionName = "institution_name"
        case institutionSearchQuery = "institution_search_query"
        case isUpdateMode = "is_update_mode"
        case matchReason = "match_reason"
        case mfaType = "mfa_type"
        case routingNumber = "routing_number"
        case viewName = "view_name"
        case selection
        case timestamp
        case linkSessionID = "link_session_id"
        case requestID = "request_id"
    }

    /// Decodes the wire object; a missing or null key is `nil`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accountNumberMask = try c.decodeIfPresent(String.self, forKey: .accountNumberMask)
        let type = try c.decodeIfPresent(String.self, forKey: .errorType)
        let code = try c.decodeIfPresent(String.self, forKey: .errorCode)
        if type != nil || code != nil {
            errorCode = ExitErrorCode(errorType: type ?? "", errorCode: code ?? "")
        }
        errorMessage = try c.decodeIfPresent(String.self, forKey: .errorMessage)
        exitStatus = try c.decodeIfPresent(ExitStatus.self, forKey: .exitStatus)
        institutionID = try c.decodeIfPresent(String.self, forKey: .institutionID)
        institutionName = try c.decodeIfPresent(String.self, forKey: .institutionName)
        institutionSearchQuery = try c.decodeIfPresent(String.self, forKey: .institutionSearchQuery)
        isUpdateMode = try c.decodeIfPresent(Bool.self, forKey: .isUpdateMode)
        matchReason = try c.decodeIfPresent(String.self, forKey: .matchReason)
        mfaType = try c.decodeIfPresent(MFAType.self, forKey: .mfaType)
        routingNumber = try c.decodeIfPresent(String.self, forKey: .routingNumber)
        viewName = try c.decodeIfPresent(ViewName.self, forKey: .viewName)
        selection = try c.decodeIfPresent(String.self, forKey: .selection)
        let stamp = try c.decode(String.self, forKey: .timestamp)
        guard let parsed = Timestamp(iso8601: stamp) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timestamp, in: c,
                debugDescription: "timestamp \"\(stamp)\" is not ISO 8601 UTC with milliseconds")
        }
        timestamp = parsed
        linkSessionID = try c.decode(String.self, forKey: .linkSessionID)
        requestID = try c.decodeIfPresent(String.self, forKey: .requestID)
    }

    /// Encodes every wire key, `null` where absent.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(accountNumberMask, forKey: .accountNumberMask)
        try c.encode(errorCode?.errorType, forKey: .errorType)
        try c.encode(errorCode?.errorCode, forKey: .errorCode)
        try c.encode(errorMessage, forKey: .errorMessage)
        try c.encode(exitStatus, forKey: .exitStatus)
        try c.encode(institutionID, forKey: .institutionID)
        try c.encode(institutionName, forKey: .institutionName)
        try c.encode(institutionSearchQuery, forKey: .institutionSearchQuery)
        try c.encode(isUpdateMode, forKey: .isUpdateMode)
        try c.encode(matchReason, forKey: .matchReason)
        try c.encode(mfaType, forKey: .mfaType)
        try c.encode(routingNumber, forKey: .routingNumber)
        try c.encode(viewName, forKey: .viewName)
        try c.encode(selection, forKey: .selection)
        try c.encode(timestamp.iso8601, forKey: .timestamp)
        try c.encode(linkSessionID, forKey: .linkSessionID)
        try c.encode(requestID, forKey: .requestID)
    }
}

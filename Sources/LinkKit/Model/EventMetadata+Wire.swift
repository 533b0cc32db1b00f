import Foundation

extension EventMetadata {
    /// WireKey: the 17 keys of an event's metadata on the wire (the events file, `replay`), in
    /// the order they are written: the one table from which encoding, decoding, scenario
    /// expectations and the log panel's details derive.
    public enum WireKey: String, CaseIterable, CodingKey, Sendable {
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

        /// Whether the value is a JSON boolean (`is_update_mode`); every other value is a string.
        public var isBoolean: Bool { self == .isUpdateMode }
    }

    /// The wire keys in the order the events file writes them.
    public static let wireKeys: [String] = WireKey.allCases.map(\.rawValue)

    /// The value of `key` as the wire spells it: `nil` for null; `true`/`false` for the boolean.
    public subscript(wire key: WireKey) -> String? {
        switch key {
        case .accountNumberMask: accountNumberMask
        case .errorType: errorCode?.errorType
        case .errorCode: errorCode?.errorCode
        case .errorMessage: errorMessage
        case .exitStatus: exitStatus?.description
        case .institutionID: institutionID
        case .institutionName: institutionName
        case .institutionSearchQuery: institutionSearchQuery
        case .isUpdateMode: isUpdateMode.map { $0 == "true" ? "true" : "false" }
        case .matchReason: matchReason
        case .mfaType: mfaType?.description
        case .routingNumber: routingNumber
        case .viewName: viewName?.description
        case .selection: selection
        case .timestamp: instant.iso8601
        case .linkSessionID: linkSessionID
        case .requestID: requestID
        }
    }

    /// Every wire key with its value as the events file spells it (`nil` for null).
    public var wireValues: [String: String?] {
        Dictionary(uniqueKeysWithValues: WireKey.allCases.map { ($0.rawValue, self[wire: $0]) })
    }

    /// Sets the field `key` names from its wire text (`nil`: null); `error_type` and `error_code`
    /// are set together by ``init(wire:)``. Returns why the text is not a value of the key.
    private mutating func set(_ key: WireKey, _ text: String?) -> String? {
        switch key {
        case .accountNumberMask: accountNumberMask = text
        case .errorType, .errorCode: break
        case .errorMessage: errorMessage = text
        case .exitStatus: exitStatus = text.map { ExitStatus(wireString: $0) }
        case .institutionID: institutionID = text
        case .institutionName: institutionName = text
        case .institutionSearchQuery: institutionSearchQuery = text
        case .isUpdateMode:
            guard let text else { isUpdateMode = nil; break }
            guard text == "true" || text == "false" else { return "not a boolean" }
            isUpdateMode = text
        case .matchReason: matchReason = text
        case .mfaType:
            guard let text else { mfaType = nil; break }
            guard let type = MFAType(wireString: text) else { return "unknown MFAType \"\(text)\"" }
            mfaType = type
        case .routingNumber: routingNumber = text
        case .viewName: viewName = text.map { ViewName(wireString: $0) }
        case .selection: selection = text
        case .timestamp:
            guard let text, let parsed = Timestamp(iso8601: text) else {
                return "timestamp \"\(text ?? "null")\" is not ISO 8601 UTC with milliseconds"
            }
            instant = parsed
        case .linkSessionID:
            guard let text else { return "link_session_id is null" }
            linkSessionID = text
        case .requestID: requestID = text
        }
        return nil
    }

    /// Metadata from wire values by key (a missing key is null). Throws the first value that is
    /// not one of its key's, naming the key.
    public init(wire values: [WireKey: String], require: Set<WireKey> = [.timestamp, .linkSessionID]) throws(WireValueError) {
        self.init(timestamp: Timestamp(millis: 0), linkSessionID: "", requestID: nil)
        for key in WireKey.allCases {
            if values[key] == nil && !require.contains(key) { continue }
            if let problem = set(key, values[key]) { throw WireValueError(key: key, problem: problem) }
        }
        let type = values[.errorType]
        let code = values[.errorCode]
        if type != nil || code != nil {
            errorCode = ExitErrorCode(errorType: type ?? "", errorCode: code ?? "")
        }
    }
}

/// WireValueError: a wire value that is not one of its key's (an events file written elsewhere).
public struct WireValueError: Error, CustomStringConvertible, Sendable {
    /// The key.
    public var key: EventMetadata.WireKey
    /// What is wrong with its value.
    public var problem: String

    /// `view_name: …`.
    public var description: String { "\(key.rawValue): \(problem)" }
}

extension EventMetadata: Codable {
    /// Decodes the wire object; a missing or null key is `nil`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: WireKey.self)
        var values: [WireKey: String] = [:]
        for key in WireKey.allCases {
            if key.isBoolean {
                if let flag = try c.decodeIfPresent(Bool.self, forKey: key) { values[key] = flag ? "true" : "false" }
            } else if let text = try c.decodeIfPresent(String.self, forKey: key) {
                values[key] = text
            }
        }
        do {
            try self.init(wire: values)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: error.key, in: c, debugDescription: error.problem)
        }
    }

    /// Encodes every wire key, `null` where absent.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: WireKey.self)
        for key in WireKey.allCases {
            if key.isBoolean {
                try c.encode(isUpdateMode.map { $0 == "true" }, forKey: key)
            } else {
                try c.encode(self[wire: key], forKey: key)
            }
        }
    }
}

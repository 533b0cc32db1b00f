import Foundation

/// SessionRecordEncoding: the JSON Lines form of session records, shared by the events file and
/// `linkterm replay`.
///
/// One object per record, keys in a fixed order, every metadata key present and `null` where
/// absent, no trailing newline (the caller adds it).
extension SessionRecord: JSONLineRecord {
    /// Appends the record's JSON (without a newline) to `writer`.
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .load:
            writer.raw(#"{"type":"load"}"#)
        case .event(let event):
            writer.member(#"{"type":"event","event_name":"#, event.eventName.description)
            writer.raw(#","metadata":"#)
            event.metadata.write(to: &writer)
            writer.raw("}")
        case .success(let success):
            writer.raw(#"{"type":"success","public_token":"#)
            // Identity Verification has no Item: the seeds' public token is null there
            if success.publicToken.isEmpty { writer.raw("null") } else { writer.string(success.publicToken) }
            writer.raw(#","metadata":"#)
            success.metadata.write(to: &writer)
            writer.raw("}")
        case .exit(let exit):
            writer.raw(#"{"type":"exit","error":"#)
            if let error = exit.error {
                writer.member(#"{"error_type":"#, error.errorCode.errorType)
                writer.member(#","error_code":"#, error.errorCode.errorCode)
                writer.member(#","error_message":"#, error.errorMessage)
                writer.member(#","display_message":"#, error.displayMessage)
                writer.raw("}")
            } else {
                writer.raw("null")
            }
            writer.raw(#","metadata":"#)
            exit.metadata.write(to: &writer)
            writer.raw("}")
        }
    }

    /// Parses one line written by ``jsonLine``.
    public init(jsonLine: String) throws {
        self = try JSONDecoder().decode(SessionRecord.self, from: Data(jsonLine.utf8))
    }
}

extension SuccessMetadata: JSONLineRecord {
    /// Appends the metadata object: institution, accounts, link_session_id.
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"institution":"#)
        writer.institution(institution)
        writer.raw(#","accounts":["#)
        for (index, account) in accounts.enumerated() {
            if index > 0 { writer.raw(",") }
            account.write(to: &writer)
        }
        writer.member(#"],"link_session_id":"#, linkSessionID)
        writer.raw("}")
    }

    /// The metadata as the JSON the SDK hands over with it (LinkKit's `metadataJSON`).
    public var metadataJSON: String { jsonLine }
}

extension ExitMetadata: JSONLineRecord {
    /// Appends the metadata object: institution, status, link_session_id, request_id.
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"institution":"#)
        writer.institution(institution)
        writer.member(#","status":"#, status?.description)
        writer.member(#","link_session_id":"#, linkSessionID)
        writer.member(#","request_id":"#, requestID)
        writer.raw("}")
    }

    /// The metadata as the JSON the SDK hands over with it (LinkKit's `metadataJSON`).
    public var metadataJSON: String { jsonLine }
}

extension EventMetadata: JSONLineRecord {
    /// The metadata as the JSON the SDK hands over with it (LinkKit's `metadataJSON`): the 17
    /// wire keys, null where absent.
    public var metadataJSON: String { jsonLine }
}

extension Institution {
    func write(to writer: inout JSONWriter) {
        writer.member(#"{"name":"#, name)
        writer.member(#","institution_id":"#, id)
        writer.raw("}")
    }
}

extension Account {
    func write(to writer: inout JSONWriter) {
        writer.member(#"{"id":"#, id)
        writer.member(#","name":"#, name)
        writer.member(#","mask":"#, mask)
        writer.member(#","type":"#, subtype.type)
        writer.member(#","subtype":"#, subtype.subtype)
        writer.member(#","verification_status":"#, verificationStatus?.description)
        writer.raw("}")
    }
}

extension SessionRecord: Codable {
    private enum CodingKeys: String, CodingKey {
        case type
        case eventName = "event_name"
        case metadata
        case publicToken = "public_token"
        case error
    }

    /// Decodes any of the four record shapes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "load":
            self = .load
        case "event":
            self = .event(LinkEvent(
                eventName: try c.decode(EventName.self, forKey: .eventName),
                metadata: try c.decode(EventMetadata.self, forKey: .metadata)))
        case "success":
            self = .success(LinkSuccess(
                publicToken: try c.decodeIfPresent(String.self, forKey: .publicToken) ?? "",
                metadata: try c.decode(SuccessMetadata.self, forKey: .metadata)))
        case "exit":
            self = .exit(LinkExit(
                error: try c.decodeIfPresent(ExitError.self, forKey: .error),
                metadata: try c.decode(ExitMetadata.self, forKey: .metadata)))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown record type \"\(type)\"")
        }
    }

    /// Encodes the same shape as ``jsonLine`` (through `Encoder`, so key order may differ).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .load:
            try c.encode("load", forKey: .type)
        case .event(let event):
            try c.encode("event", forKey: .type)
            try c.encode(event.eventName, forKey: .eventName)
            try c.encode(event.metadata, forKey: .metadata)
        case .success(let success):
            try c.encode("success", forKey: .type)
            if success.publicToken.isEmpty { try c.encodeNil(forKey: .publicToken) } else { try c.encode(success.publicToken, forKey: .publicToken) }
            try c.encode(success.metadata, forKey: .metadata)
        case .exit(let exit):
            try c.encode("exit", forKey: .type)
            try c.encode(exit.error, forKey: .error)
            try c.encode(exit.metadata, forKey: .metadata)
        }
    }
}

extension JSONWriter {
    /// Appends an institution object, or `null` (same-day micro-deposits, an exit before choosing one).
    mutating func institution(_ institution: Institution?) {
        if let institution { institution.write(to: &self) } else { raw("null") }
    }
}

// LinkKit v1's three delegate callbacks made from a session's records.

import Foundation

/// V1Callback: one call of a v1 app's `PLKPlaidLinkViewDelegate`, made from a session record:
/// the event's name and its metadata under the `kPLKMetadata*` keys (every event key present,
/// `null` where absent), or the public token with the institution and accounts, or the error
/// and the exit status. v1 had no onLoad: `load` makes none.
public enum V1Callback: Hashable, Sendable, JSONLineRecord {
    /// `linkViewController(_:didHandleEvent:metadata:)`.
    case didHandleEvent(event: String, metadata: JSONValue)
    /// `linkViewController(_:didSucceedWithPublicToken:metadata:)`.
    case didSucceed(publicToken: String, metadata: JSONValue)
    /// `linkViewController(_:didExitWithError:metadata:)`: the error (`null` when none).
    case didExit(error: JSONValue, metadata: JSONValue)

    /// The v1 callback of `record`, or `nil` (`load`).
    public init?(_ record: SessionRecord) {
        switch record {
        case .load: return nil
        case .event(let event): self = .didHandleEvent(event: event.eventName.description, metadata: Self.metadata(of: event))
        case .success(let success):
            self = .didSucceed(publicToken: success.publicToken, metadata: Self.metadata(of: success))
        case .exit(let exit):
            let error: JSONValue = exit.error.map { error in
                .object([
                    "error_type": .string(error.errorCode.errorType), "error_code": .string(error.errorCode.errorCode),
                    "error_message": .string(error.errorMessage), "display_message": .string(error.displayMessage),
                ])
            } ?? .null
            self = .didExit(error: error, metadata: Self.metadata(of: exit))
        }
    }

    /// The delegate method's name.
    public var name: String {
        switch self {
        case .didHandleEvent: "didHandleEvent"
        case .didSucceed: "didSucceedWithPublicToken"
        case .didExit: "didExitWithError"
        }
    }

    /// The metadata dictionary the delegate receives.
    public var metadata: JSONValue {
        switch self {
        case .didHandleEvent(_, let metadata), .didSucceed(_, let metadata), .didExit(_, let metadata): metadata
        }
    }

    /// The event's keys, in the order of seed 004's table.
    static func metadata(of event: LinkEvent) -> JSONValue {
        let m = event.metadata
        return .object([
            kPLKMetadataInstitutionSearchQueryKey: .string(m.institutionSearchQuery),
            kPLKMetadataInstitutionIdKey: .string(m.institutionID),
            kPLKMetadataInstitutionNameKey: .string(m.institutionName),
            kPLKMetadataLinkRequestIdKey: .string(m.requestID),
            kPLKMetadataLinkSessionIdKey: .string(m.linkSessionID),
            kPLKMetadataErrorTypeKey: .string(m.errorCode?.errorType),
            kPLKMetadataErrorCodeKey: .string(m.errorCode?.errorCode),
            kPLKMetadataErrorMessageKey: .string(m.errorMessage),
            kPLKMetadataMFATypeKey: .string(m.mfaType?.description),
            kPLKMetadataViewNameKey: .string(m.viewName?.description),
            kPLKMetadataTimestampKey: .string(m.instant.iso8601),
            kPLKMetadataExitStatusKey: .string(m.exitStatus?.description),
        ])
    }

    static func institution(_ institution: Institution?) -> JSONValue {
        institution.map { .object([kPLKMetadataNameKey: .string($0.name), kPLKMetadataInstitutionTypeKey: .string($0.id)]) } ?? .null
    }

    static func account(_ account: Account) -> JSONValue {
        .object([
            kPLKMetadataIdKey: .string(account.id), kPLKMetadataNameKey: .string(account.name),
            kPLKMetadataTypeKey: .string(account.subtype.type), kPLKMetadataSubtypeKey: .string(account.subtype.subtype),
            kPLKMetadataMaskKey: .string(account.mask),
        ])
    }

    static func metadata(of success: LinkSuccess) -> JSONValue {
        let m = success.metadata
        var object: [String: JSONValue] = [
            kPLKMetadataInstitutionKey: institution(m.institution),
            kPLKMetadataAccountsKey: .array(m.accounts.map(account)),
            kPLKMetadataLinkSessionIdKey: .string(m.linkSessionID),
        ]
        // with one account (select account's single mode) v1 also gave it alone
        if m.accounts.count == 1, let only = m.accounts.first {
            object[kPLKMetadataAccountKey] = account(only)
            object[kPLKMetadataAccountIdKey] = .string(only.id)
        }
        return .object(object)
    }

    static func metadata(of exit: LinkExit) -> JSONValue {
        let m = exit.metadata
        return .object([
            kPLKMetadataStatusKey: .string(m.status?.description),
            kPLKMetadataInstitutionKey: institution(m.institution),
            kPLKMetadataRequestIdKey: .string(m.requestID),
            kPLKMetadataLinkSessionIdKey: .string(m.linkSessionID),
        ])
    }

    /// `{"type":"didHandleEvent","event":"OPEN","metadata":{…}}`,
    /// `{"type":"didSucceedWithPublicToken","public_token":…,"metadata":{…}}`,
    /// `{"type":"didExitWithError","error":…,"metadata":{…}}`.
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"type":"#)
        JSONValue.string(name).write(to: &writer)
        switch self {
        case .didHandleEvent(let event, _):
            writer.raw(#","event":"#)
            JSONValue.string(event).write(to: &writer)
        case .didSucceed(let token, _):
            writer.raw(#","public_token":"#)
            JSONValue.string(token).write(to: &writer)
        case .didExit(let error, _):
            writer.raw(#","error":"#)
            error.write(to: &writer)
        }
        writer.raw(#","metadata":"#)
        metadata.write(to: &writer)
        writer.raw("}")
    }
}

extension JSONValue {
    /// The value as Foundation-style `Any`: strings, `Bool`, numbers (`Int` or `Double`),
    /// `NSNull` for null (as v1's dictionaries held it), `[Any]`, `[String: Any]`.
    public var anyValue: Any {
        switch self {
        case .string(let text): text
        case .number(let text): Int(text).map { $0 as Any } ?? Double(text).map { $0 as Any } ?? text
        case .bool(let flag): flag
        case .null: NSNull()
        case .array(let items): items.map(\.anyValue)
        case .object(let members): members.mapValues(\.anyValue)
        }
    }
}

// LogEntry.swift: one line of the log panel, formatted once when it arrives.

import LinkKit
import LinkSDK

/// LogEntry: one record of a session as the log panel shows it.
///
/// Everything the list draws is formatted once, in ``init(record:at:)``: the time of day, the
/// wire name (or the callback name) and a compact summary of the metadata that matters. Text that
/// came from data (institution names, queries, unknown wire strings) is passed through
/// `sanitizeForTerminal` there, so what is stored is safe to draw. The full metadata
/// (``details``) is formatted only when asked for.
struct LogEntry: Hashable, Sendable {
    /// Kind: whether the entry is an event (`onEvent`) or one of the other callbacks.
    enum Kind: Hashable, Sendable {
        /// event: an `onEvent` event; the label is the wire name (`OPEN`, `TRANSITION_VIEW` …).
        case event
        /// callback: `onLoad`, `onSuccess` or `onExit`; the label is `◆ onLoad` and so on.
        case callback
    }

    /// Field: one `key: value` line of an entry's full metadata.
    struct Field: Hashable, Sendable {
        /// key: the key as the events file spells it, e.g. `view_name`.
        var key: String
        /// value: the value, sanitized; `—` where the value is null.
        var value: String

        /// init(key:value:): creates a field.
        init(key: String, value: String) {
            self.key = key
            self.value = value
        }

        /// text: the line as shown, `key: value`.
        var text: String { key + ": " + value }
    }

    /// Whether the list's filter keeps the entry: its name or summary contains `filter`, in any case.
    func matches(_ filter: String) -> Bool {
        let wanted = filter.lowercased()
        return name.lowercased().contains(wanted) || summary.lowercased().contains(wanted)
    }

    /// The record as the events file writes it (for the inspector's JSON view and `y`).
    var jsonLine: String {
        switch source {
        case .plaid(let record): record.jsonLine
        case .mesh(let record): record.jsonLine
        case .v1(let callback): callback.jsonLine
        }
    }

    /// Whether the entry reports an error (an `ERROR` event, an exit with an error).
    var isError: Bool {
        switch source {
        case .plaid(.event(let event)): event.eventName == .error
        case .plaid(.exit(let exit)): exit.error != nil
        default: name == "ERROR"
        }
    }

    /// callbackMarker: the marker drawn before callback names.
    static let callbackMarker = "◆"
    /// nullValue: what a null value is shown as.
    static let nullValue = "—"

    /// Source: the record the entry shows, of either flavor.
    enum Source: Hashable, Sendable {
        /// A Plaid Link record.
        case plaid(SessionRecord)
        /// A Mesh Connect record.
        case mesh(MeshRecord)
        /// A Plaid record as LinkKit v1's delegate receives it.
        case v1(V1Callback)
    }

    /// source: the record the entry shows.
    let source: Source

    /// record: the Plaid record the entry shows, if it is one.
    var record: SessionRecord? {
        if case .plaid(let record) = source { return record }
        return nil
    }
    /// time: when it happened, the event's timestamp, or the arrival time for records without one
    /// (never earlier than the entry before it: see ``shown(notBefore:)``).
    private(set) var time: Timestamp
    /// kind: event or callback.
    let kind: Kind
    /// timeText: the time of day in UTC, `HH:MM:SS.mmm`.
    private(set) var timeText: String
    /// name: the wire name for events (`SUBMIT_MFA`), the callback name otherwise (`onExit`).
    let name: String
    /// label: what is drawn after the time, the wire name, or `◆ ` and the callback name.
    let label: String
    /// summary: the metadata that matters, compact and sanitized (`→ MFA (code)`, `"chase"` …); may be empty.
    let summary: String
    /// labelWidth: the display width of ``label``.
    let labelWidth: Int
    /// summaryWidth: the display width of ``summary``.
    let summaryWidth: Int

    /// Whether the time is the record's own (a Plaid event's timestamp), not when it arrived.
    var hasOwnTime: Bool {
        if case .event? = record { true } else { false }
    }

    /// The entry shown at `shown` instead of its time (the record, in the inspector, keeps its own).
    func restamped(_ shown: Timestamp) -> LogEntry {
        var entry = self
        entry.time = shown
        entry.timeText = Self.timeOfDay(shown)
        return entry
    }

    /// init(record:at:): creates the entry for `record`, which arrived at `arrival` (used when the record carries no
    /// timestamp: `load`, `success`, `exit`).
    init(record: SessionRecord, at arrival: Timestamp) {
        source = .plaid(record)
        switch record {
        case .load:
            kind = .callback
            time = arrival
            name = "onLoad"
            summary = ""
        case .event(let event):
            kind = .event
            time = event.metadata.instant
            name = sanitizeForTerminal(event.eventName.description)
            summary = Self.eventSummary(event)
        case .success(let success):
            kind = .callback
            time = arrival
            name = "onSuccess"
            summary = Self.successSummary(success)
        case .exit(let exit):
            kind = .callback
            time = arrival
            name = "onExit"
            summary = Self.exitSummary(exit)
        }
        timeText = Self.timeOfDay(time)
        label = kind == .callback ? Self.callbackMarker + " " + name : name
        labelWidth = displayWidth(of: label)
        summaryWidth = displayWidth(of: summary)
    }

    /// init(v1:record:at:): the entry for `record` as a LinkKit v1 app receives it (`v1` is its
    /// callback): the event's name, or the delegate method's; the summary as for LinkKit 7.
    init(v1 callback: V1Callback, record: SessionRecord, at arrival: Timestamp) {
        let plaid = LogEntry(record: record, at: arrival)
        source = .v1(callback)
        time = plaid.time
        kind = plaid.kind
        summary = plaid.summary
        if case .didHandleEvent(let event, _) = callback { name = sanitizeForTerminal(event) } else { name = callback.name }
        timeText = plaid.timeText
        label = kind == .callback ? Self.callbackMarker + " " + name : name
        labelWidth = displayWidth(of: label)
        summaryWidth = displayWidth(of: summary)
    }

    /// init(record:at:): the entry for a Mesh record, which arrived at `arrival` (Mesh records
    /// carry no time): the event's type with its payload's telling fields, or the callback.
    init(record: MeshRecord, at arrival: Timestamp) {
        source = .mesh(record)
        time = arrival
        switch record {
        case .event(let type, let payload):
            kind = .event
            name = sanitizeForTerminal(type)
            summary = Self.meshSummary(payload)
        case .integrationConnected(let payload):
            kind = .callback
            name = "onIntegrationConnected"
            summary = Self.meshSummary(payload["accessToken"] ?? payload["delayedAuth"])
        case .transferFinished(let payload):
            kind = .callback
            name = "onTransferFinished"
            summary = Self.meshSummary(payload)
        case .exit:
            kind = .callback
            name = "onExit"
            summary = ""
        }
        timeText = Self.timeOfDay(time)
        label = kind == .callback ? Self.callbackMarker + " " + name : name
        labelWidth = displayWidth(of: label)
        summaryWidth = displayWidth(of: summary)
    }

    /// The payload fields that tell Mesh records apart, in this order, where present.
    static let meshSummaryKeys = ["integrationName", "brokerName", "symbol", "amount", "name", "status", "reason", "errorMessage", "page"]

    /// `Coinbase · USDC · 100`: the telling fields of a Mesh payload, sanitized.
    private static func meshSummary(_ payload: JSONValue?) -> String {
        guard let payload else { return "" }
        return joined(meshSummaryKeys.compactMap { key in
            switch payload[key] {
            case .string(let text)?: return text
            case .number(let text)?: return text
            default: return nil
            }
        })
    }

    /// The Mesh payload as `path: value` lines, tokens masked: an access or refresh token shows
    /// its first 8 characters and `…`.
    private static func meshFields(_ value: JSONValue?, path: String = "") -> [Field] {
        switch value {
        case .object(let members)?:
            return members.keys.sorted().flatMap { meshFields(members[$0], path: path.isEmpty ? $0 : path + "." + $0) }
        case .array(let elements)?:
            return elements.enumerated().flatMap { meshFields($1, path: path + ".\($0)") }
        case nil:
            return []
        case let leaf?:
            var text = MeshExpectation.text(at: "", in: leaf)  // the value as an expectation spells it
            let last = path.split(separator: ".").last.map(String.init) ?? path
            if last == "accessToken" || last == "refreshToken" { text = String(text.prefix(8)) + "…" }
            return [field(path, text)]
        }
    }

    /// text: the whole line as text, time, label and summary separated by single spaces.
    var text: String {
        summary.isEmpty ? timeText + " " + label : timeText + " " + label + " " + summary
    }

    /// isCallback: whether this is an `onLoad`/`onSuccess`/`onExit` entry.
    var isCallback: Bool { kind == .callback }

    /// timeOfDay(_:): the time of day of `time` in UTC, `HH:MM:SS.mmm`.
    static func timeOfDay(_ time: Timestamp) -> String {
        let day: Int64 = 86_400_000
        let ms = ((time.millis % day) + day) % day
        var out = [UInt8]()
        out.reserveCapacity(12)
        func digits(_ value: Int64, _ width: Int) {
            var divisor: Int64 = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                out.append(UInt8(48 + (value / divisor) % 10))
                divisor /= 10
            }
        }
        digits(ms / 3_600_000, 2); out.append(58)
        digits(ms / 60_000 % 60, 2); out.append(58)
        digits(ms / 1000 % 60, 2); out.append(46)
        digits(ms % 1000, 3)
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Summaries

    /// The compact metadata of an event line.
    private static func eventSummary(_ event: LinkEvent) -> String {
        let m = event.metadata
        switch event.eventName {
        case .open, .transitionView:
            guard let view = m.viewName else { return "" }
            var text = "→ " + sanitizeForTerminal(view.description)
            if let mfa = m.mfaType { text += " (" + mfa.description + ")" }
            return text
        case .searchInstitution:
            return m.institutionSearchQuery.map { "\"" + sanitizeForTerminal($0) + "\"" } ?? ""
        case .submitMFA:
            return m.mfaType?.description ?? ""
        case .error:
            return m.errorCode.map { sanitizeForTerminal($0.errorCode) } ?? ""
        case .exit:
            return joined([m.exitStatus?.description, m.errorCode?.errorCode])
        case .selectAuthType:
            return m.selection.map(sanitizeForTerminal) ?? ""
        case .submitRoutingNumber:
            return m.routingNumber.map(sanitizeForTerminal) ?? ""
        case .submitAccountNumber:
            // the mask is empty for a 4-digit number: say so rather than show nothing
            return m.accountNumberMask.map { $0.isEmpty ? "mask \"\"" : "••" + sanitizeForTerminal($0) } ?? ""
        case .identityVerificationStartStep, .identityVerificationPassStep, .identityVerificationFailStep,
             .identityVerificationPendingReviewStep:
            return m.viewName.map { sanitizeForTerminal($0.description) } ?? ""
        case .matchedSelectVerifyMethod:
            return m.selection.map(sanitizeForTerminal) ?? ""
        default:
            let wire = event.eventName.description
            if wire.hasPrefix("SELECT_") || wire.hasSuffix("_INSTITUTION") {
                // a saved or matched institution says why: (SAVED_INSTITUTION), (returning_user)
                let reason = m.matchReason.map { " (" + sanitizeForTerminal($0) + ")" } ?? ""
                return (m.institutionName.map(sanitizeForTerminal) ?? "") + reason
            }
            return ""
        }
    }

    /// `public-sandbox-…  (2 accounts)`.
    private static func successSummary(_ success: LinkSuccess) -> String {
        let token = sanitizeForTerminal(success.publicToken)
        let prefix = "public-sandbox-"
        let shown = token.hasPrefix(prefix) && token.count > prefix.count
            ? prefix + "…" : truncate(token, toWidth: 24, ellipsis: "…")
        let count = success.metadata.accounts.count
        return shown + "  (\(count) account" + (count == 1 ? ")" : "s)")
    }

    /// `requires_code · INVALID_MFA`.
    private static func exitSummary(_ exit: LinkExit) -> String {
        joined([exit.metadata.status?.description, exit.error?.errorCode.errorCode])
    }

    /// The present parts, sanitized, joined by ` · `.
    /// (A loop, not `joined(separator:)`, whose first use costs the Swift runtime a search
    /// through every protocol conformance of the program: this runs for the session's first event.)
    private static func joined(_ parts: [String?]) -> String {
        var line = ""
        for case let part? in parts {
            let shown = sanitizeForTerminal(part)
            if shown.isEmpty { continue }
            if !line.isEmpty { line += " · " }
            line += shown
        }
        return line
    }

    // MARK: Details

    /// details: the full metadata, one field per line, values sanitized and `—` for null.
    ///
    /// Events: `event_name`, then the 17 keys of `EventMetadata.wireKeys` in that order. Success:
    /// `callback`, `public_token`, `institution`, `link_session_id` and one `account` line per
    /// account (`name ••mask type/subtype`). Exit: `callback`, `status`, `error_type`,
    /// `error_code`, `error_message`, `display_message`, `institution`, `link_session_id`,
    /// `request_id`. Load: `callback` and `time`.
    var details: [Field] {
        let record: SessionRecord
        switch source {
        case .plaid(let plaid):
            record = plaid
        case .mesh(let mesh):
            let callback: Field = kind == .callback ? Field(key: "callback", value: name) : Field(key: "type", value: name)
            return [callback] + Self.meshFields(mesh.payload)
        case .v1(let v1):
            var fields = [Field(key: "delegate", value: v1.name)]
            switch v1 {
            case .didHandleEvent: fields.append(Field(key: "event", value: name))
            case .didSucceed(let token, _): fields.append(Self.field("public_token", token))
            case .didExit(let error, _): fields += error == .null ? [Self.field("error", nil)] : Self.meshFields(error, path: "error")
            }
            return fields + Self.meshFields(v1.metadata, path: "metadata")
        }
        switch record {
        case .load:
            return [Field(key: "callback", value: "onLoad"), Field(key: "time", value: time.iso8601)]
        case .event(let event):
            return [Field(key: "event_name", value: name)] + Self.eventFields(event.metadata)
        case .success(let success):
            let m = success.metadata
            var fields = [
                Field(key: "callback", value: "onSuccess"),
                Self.field("public_token", success.publicToken),
                Self.field("institution", m.institution.map(Self.institution)),
                Self.field("link_session_id", m.linkSessionID),
            ]
            for account in m.accounts {
                fields.append(Self.field("account", AccountRow.inline(account)))
            }
            return fields
        case .exit(let exit):
            let m = exit.metadata
            return [
                Field(key: "callback", value: "onExit"),
                Self.field("status", m.status?.description),
                Self.field("error_type", exit.error?.errorCode.errorType),
                Self.field("error_code", exit.error?.errorCode.errorCode),
                Self.field("error_message", exit.error?.errorMessage),
                Self.field("display_message", exit.error?.displayMessage),
                Self.field("institution", m.institution.map(Self.institution)),
                Self.field("link_session_id", m.linkSessionID),
                Self.field("request_id", m.requestID),
            ]
        }
    }

    /// The 17 wire keys of an event's metadata, in `EventMetadata.wireKeys` order.
    private static func eventFields(_ m: EventMetadata) -> [Field] {
        EventMetadata.WireKey.allCases.map { field($0.rawValue, m[wire: $0]) }
    }

    /// `First Platypus Bank (ins_109508)`.
    private static func institution(_ institution: Institution) -> String {
        institution.name + " (" + institution.id + ")"
    }

    /// A field with its value sanitized, `—` for nil and `""` for an empty string.
    private static func field(_ key: String, _ value: String?) -> Field {
        guard let value else { return Field(key: key, value: nullValue) }
        let clean = sanitizeForTerminal(value)
        return Field(key: key, value: clean.isEmpty ? "\"\"" : clean)
    }
}

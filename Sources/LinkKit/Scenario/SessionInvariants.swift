/// SessionInvariants: what the records of every finished session hold, whatever happened in it
/// : one ending, the final event right next to it, one `link_session_id`,
/// timestamps that never go back, well-formed request ids, and JSON lines that read back whole.
public enum SessionInvariants {
    /// The invariants `records` (one finished session) break, a sentence each; empty when it holds
    /// them all. With `sessionID`, every record must carry that `link_session_id`.
    public static func violations(of records: [SessionRecord], sessionID: String? = nil) -> [String] {
        var broken: [String] = []
        let ends = records.indices.filter {
            switch records[$0] {
            case .success, .exit: true
            default: false
            }
        }
        guard ends.count == 1, let end = ends.first else {
            return ["exactly one onSuccess or onExit, got \(ends.count)"]
        }
        let events = records.compactMap { if case .event(let event) = $0 { event } else { nil } }
        if case .success = records[end] {
            if end != records.count - 2 { broken.append("onSuccess is followed by exactly one record") }
            if case .event(let last)? = records.last, last.eventName == .handoff {} else {
                broken.append("HANDOFF is the last record after onSuccess")
            }
            if events.contains(where: { $0.eventName == .exit }) { broken.append("no EXIT in a successful session") }
        } else {
            if end != records.count - 1 { broken.append("onExit is the last record") }
            if end > 0, case .event(let before) = records[end - 1], before.eventName == .exit {} else {
                broken.append("EXIT comes right before onExit")
            }
            if events.contains(where: { $0.eventName == .handoff }) { broken.append("no HANDOFF without onSuccess") }
        }
        if events.filter({ $0.eventName == .exit || $0.eventName == .handoff }).count != 1 {
            broken.append("exactly one final event (EXIT or HANDOFF)")
        }
        var sessionIDs = Set(events.map(\.metadata.linkSessionID))
        for record in records {
            switch record {
            case .exit(let exit): sessionIDs.insert(exit.metadata.linkSessionID ?? "")
            case .success(let success): sessionIDs.insert(success.metadata.linkSessionID)
            default: break
            }
        }
        if sessionIDs.count > 1 || (sessionID != nil && sessionIDs.first.map { $0 != sessionID } == true) {
            broken.append("one link_session_id throughout, got \(sessionIDs.sorted())")
        }
        let stamps = events.map(\.metadata.instant)
        if !zip(stamps, stamps.dropFirst()).allSatisfy({ $0 <= $1 }) { broken.append("timestamps never go back") }
        for record in records {
            let requestID: String?
            switch record {
            case .event(let event): requestID = event.metadata.requestID
            case .exit(let exit): requestID = exit.metadata.requestID
            default: requestID = nil
            }
            if let id = requestID, !isRequestID(id) { broken.append("request_id \(UntrustedText.quoted(id)) is 15 letters and digits") }
            let line = record.jsonLine
            if line.contains("\n") || line.utf8.contains(0x1B) { broken.append("a JSON line holds no newline or raw ESC") }
            if (try? SessionRecord(jsonLine: line)) != record {
                broken.append("the JSON line reads back as the same record: \(UntrustedText.visible(line, limit: 200))")
            }
        }
        return broken
    }

    /// A request id: 15 ASCII letters and digits.
    static func isRequestID(_ id: String) -> Bool {
        id.utf8.count == 15 && id.utf8.allSatisfy { (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }
}

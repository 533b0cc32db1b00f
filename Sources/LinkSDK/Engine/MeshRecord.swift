/// MeshRecord: what a Mesh session reports, in order: the dictionaries an iOS app's `onEvent`
/// receives (`{"type": …, "payload": …}`, iOS names), and the callbacks `onIntegrationConnected`,
/// `onTransferFinished` and `onExit`, their payloads as the JSON LinkSDK decodes them from.
public enum MeshRecord: Hashable, Sendable, JSONLineRecord {
    /// An `onEvent` dictionary: its `type` and, where the event has one, its `payload`.
    case event(type: String, payload: JSONValue?)
    /// `onIntegrationConnected`: `{"accessToken": {…}}` or `{"delayedAuth": {…}}` (LinkPayload).
    case integrationConnected(JSONValue)
    /// `onTransferFinished`: `{"status": "success", …}` or `{"status": "error", "errorMessage": …}`.
    case transferFinished(JSONValue)
    /// `onExit` (LinkSDK v2: no arguments).
    case exit

    /// The event's type, or the callback's record type (`integration_connected`, `transfer_finished`, `exit`).
    public var name: String {
        switch self {
        case .event(let type, _): type
        case .integrationConnected: "integration_connected"
        case .transferFinished: "transfer_finished"
        case .exit: "exit"
        }
    }

    /// Appends the record's line of the events file (without the newline) to `writer`:
    /// `{"type":"event","event":{…}}`, `{"type":"integration_connected","payload":{…}}`,
    /// `{"type":"transfer_finished","payload":{…}}`, `{"type":"exit"}`.
    public func write(to writer: inout JSONWriter) {
        switch self {
        case .event(let type, let payload):
            var event: [String: JSONValue] = ["type": .string(type)]
            if let payload { event["payload"] = payload }
            writer.raw(#"{"type":"event","event":"#)
            JSONValue.object(event).write(to: &writer)
            writer.raw("}")
        case .integrationConnected(let payload):
            writer.raw(#"{"type":"integration_connected","payload":"#)
            payload.write(to: &writer)
            writer.raw("}")
        case .transferFinished(let payload):
            writer.raw(#"{"type":"transfer_finished","payload":"#)
            payload.write(to: &writer)
            writer.raw("}")
        case .exit:
            writer.raw(#"{"type":"exit"}"#)
        }
    }

    /// The payload the record carries (an event's, or a callback's), if any.
    public var payload: JSONValue? {
        switch self {
        case .event(_, let payload): payload
        case .integrationConnected(let payload), .transferFinished(let payload): payload
        case .exit: nil
        }
    }
}

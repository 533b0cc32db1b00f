import Foundation
import LinkCore

/// MeshBridge: hands a Mesh session's records to the app's callbacks as LinkSDK v2 does with the
/// Link page's messages: `onEvent` gets the dictionary (`type`, `payload`) of every message but
/// those that close Link (`done`, `close`: onExit alone); the callbacks' payloads
/// are decoded from their JSON into the Codable types (a payload that does not decode is dropped,
/// as the SDK drops it); a connected integration is added to the ``LinkStore`` when
/// `useSecureOnDeviceStorage` is on.
struct MeshBridge {
    let configuration: LinkConfiguration
    /// The store, when storage is on.
    let store: LinkStore?

    init(configuration: LinkConfiguration, store: LinkStore? = nil) {
        self.configuration = configuration
        let storing = configuration.settings?.useSecureOnDeviceStorage == true
        self.store = storing ? (store ?? LinkStore()) : nil
    }

    func deliver(_ record: MeshRecord) {
        switch record {
        case .event(let type, let payload):
            // the messages that close Link call onExit and are not forwarded (see ``consumedTypes``)
            guard !Self.consumedTypes.contains(type) else { return }
            var event: [String: Any] = ["type": type]
            if let payload { event["payload"] = payload.foundationValue }
            configuration.onEvent?(event)
        case .integrationConnected(let json):
            guard let payload = Self.linkPayload(json) else { return }
            if case .accessToken(let token) = payload { store?.add(accessToken: token) }
            configuration.onIntegrationConnected?(payload)
        case .transferFinished(let json):
            guard let payload = Self.transferFinished(json) else { return }
            configuration.onTransferFinished?(payload)
        case .exit:
            configuration.onExit?()
        }
    }

    /// The page's messages iOS v2 handles itself and never hands to `onEvent` (reference §5: "`showClose`,
    /// `close`, `done` | Calls `onExit`."; only "anything else" is "Forwarded unchanged to `onEvent`"):
    /// the session's `.exit` that follows them is the app's onExit.
    static let consumedTypes: Set<String> = ["showClose", "close", "done"]

    /// `{"accessToken": {…}}` or `{"delayedAuth": {…}}` as a ``LinkPayload``.
    static func linkPayload(_ json: JSONValue) -> LinkPayload? {
        if let token = json["accessToken"], let decoded = decode(AccessTokenPayload.self, token) { return .accessToken(decoded) }
        if let delayed = json["delayedAuth"], let decoded = decode(DelayedAuthPayload.self, delayed) { return .delayedAuth(decoded) }
        return nil
    }

    /// `{"status": "success", …}` or `{"status": "error", "errorMessage": …}` as a ``TransferFinishedPayload``.
    static func transferFinished(_ json: JSONValue) -> TransferFinishedPayload? {
        switch json["status"] {
        case .string(TransferFinishedStatus.transferFinishedSuccess.rawValue)?:
            return decode(TransferFinishedSuccessPayload.self, json).map(TransferFinishedPayload.success)
        case .string(TransferFinishedStatus.transferFinishedError.rawValue)?:
            return decode(TransferFinishedErrorPayload.self, json).map(TransferFinishedPayload.error)
        default:
            return nil
        }
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ json: JSONValue) -> Value? {
        try? JSONDecoder().decode(type, from: Data(json.jsonText.utf8))
    }
}

extension JSONValue {
    /// The value as Foundation hands JSON to Swift (what an `onEvent` dictionary holds): strings,
    /// numbers (`Int` when whole, else `Double`), `Bool`, `NSNull`, arrays, dictionaries.
    var foundationValue: Any {
        switch self {
        case .string(let text): return text
        case .number(let text):
            if let whole = Int(text) { return whole }
            return Double(text) ?? 0
        case .bool(let flag): return flag
        case .null: return NSNull()
        case .array(let elements): return elements.map(\.foundationValue)
        case .object(let members): return members.mapValues(\.foundationValue)
        }
    }
}

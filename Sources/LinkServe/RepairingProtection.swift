import NIOCore
import NIOSSH

/// RepairingProtection: swift-nio-ssh's AES-GCM transport protection, with two changes:
///
/// - a decrypted message the library cannot parse, and would drop the whole connection for
///   (`NIOSSHError.invalidPacketFormat`), is made into one it answers with a refusal: a channel
///   request of a type it does not know (`x11-req` of `ssh -X`, `break`) loses its type-specific
///   fields, so the library answers it with a channel failure; an authentication request by a
///   method it does not know (`keyboard-interactive`, `hostbased`, a password change) becomes a
///   `none` request, which the server refuses naming the method it takes (publickey);
/// - the MAC name it advertises is `hmac-sha2-256-etm@openssh.com` instead of the library's
///   placeholder `hmac-sha2-256` (AES-GCM ignores the MAC negotiated: the name only keeps
///   auditors from reporting an encrypt-and-MAC algorithm).
///
/// Everything else (keys, nonces, the cipher) is the library's own.
class RepairingProtection {
    private let inner: NIOSSHTransportProtection

    /// The schemes the server offers, in order: AES-256-GCM, then AES-128-GCM (as the library's).
    static var schemes: [NIOSSHTransportProtection.Type] { [RepairingAES256GCM.self, RepairingAES128GCM.self] }

    /// The library's scheme this one wraps.
    class var innerType: NIOSSHTransportProtection.Type { fatalError("a subclass names its scheme") }

    /// The MAC name this scheme adds to the server's list (once for all: AES-GCM ignores it).
    class var advertisedMAC: String? { nil }

    static func bundled(_ name: String) -> NIOSSHTransportProtection.Type {
        guard let scheme = Constants.bundledTransportProtectionSchemes.first(where: { $0.cipherName == name }) else {
            fatalError("swift-nio-ssh no longer has \(name)")
        }
        return scheme
    }

    required init(initialKeys: NIOSSHSessionKeys) throws {
        inner = try Self.innerType.init(initialKeys: initialKeys)
    }
}

extension RepairingProtection: NIOSSHTransportProtection {
    static var cipherName: String { innerType.cipherName }
    static var macName: String? { advertisedMAC }
    static var cipherBlockSize: Int { innerType.cipherBlockSize }
    static var keySizes: ExpectedKeySizes { innerType.keySizes }
    var macBytes: Int { inner.macBytes }
    var lengthEncrypted: Bool { inner.lengthEncrypted }

    func updateKeys(_ newKeys: NIOSSHSessionKeys) throws {
        try inner.updateKeys(newKeys)
    }

    func decryptFirstBlock(_ source: inout ByteBuffer) throws {
        try inner.decryptFirstBlock(&source)
    }

    func decryptAndVerifyRemainingPacket(_ source: inout ByteBuffer, sequenceNumber: UInt32) throws -> ByteBuffer {
        let payload = try inner.decryptAndVerifyRemainingPacket(&source, sequenceNumber: sequenceNumber)
        return InboundRepair.repaired(payload) ?? payload
    }

    func encryptPacket(_ destination: inout ByteBuffer, sequenceNumber: UInt32) throws {
        try inner.encryptPacket(&destination, sequenceNumber: sequenceNumber)
    }
}

/// AES-256-GCM (`aes256-gcm@openssh.com`), repaired.
final class RepairingAES256GCM: RepairingProtection {
    override class var innerType: NIOSSHTransportProtection.Type { bundled("aes256-gcm@openssh.com") }
    override class var advertisedMAC: String? { "hmac-sha2-256-etm@openssh.com" }
}

/// AES-128-GCM (`aes128-gcm@openssh.com`), repaired.
final class RepairingAES128GCM: RepairingProtection {
    override class var innerType: NIOSSHTransportProtection.Type { bundled("aes128-gcm@openssh.com") }
}

/// InboundRepair: the rewriting ``RepairingProtection`` does on a decrypted message.
enum InboundRepair {
    static let userAuthRequest: UInt8 = 50
    static let channelRequest: UInt8 = 98
    /// The channel request types swift-nio-ssh 0.15.1 parses (SSHMessages.swift).
    static let parsedChannelRequests: Set<String> = [
        "exec", "exit-status", "env", "exit-signal", "pty-req", "shell", "subsystem", "window-change", "xon-xoff", "signal",
    ]

    /// `payload` (a message, its type first) made into one the library answers with a refusal, or
    /// nil when it is left as it is.
    static func repaired(_ payload: ByteBuffer) -> ByteBuffer? {
        var reader = payload
        switch reader.readInteger(as: UInt8.self) {
        case channelRequest:
            guard let recipient = reader.readInteger(as: UInt32.self), let type = reader.readString(),
                  let wantReply = reader.readInteger(as: UInt8.self),
                  !parsedChannelRequests.contains(String(decoding: type.readableBytesView, as: UTF8.self)),
                  reader.readableBytes > 0
            else { return nil }
            var out = ByteBufferAllocator().buffer(capacity: 16 + type.readableBytes)
            out.writeInteger(channelRequest)
            out.writeInteger(recipient)
            out.writeString(type)
            out.writeInteger(wantReply)
            return out
        case userAuthRequest:
            guard let user = reader.readString(), let service = reader.readString(), let method = reader.readString()
            else { return nil }
            switch String(decoding: method.readableBytesView, as: UTF8.self) {
            case "none", "publickey":
                return nil
            case "password":
                // a plain password request is the library's (and refused); a password change is not parsed
                var rest = reader
                if rest.readInteger(as: UInt8.self) == 0, rest.readString() != nil, rest.readableBytes == 0 { return nil }
            default:
                break
            }
            var out = ByteBufferAllocator().buffer(capacity: 32 + user.readableBytes + service.readableBytes)
            out.writeInteger(userAuthRequest)
            out.writeString(user)
            out.writeString(service)
            out.writeString(ByteBufferAllocator().buffer(string: "none"))
            return out
        default:
            return nil
        }
    }
}

extension ByteBuffer {
    /// An SSH string (a 32-bit length, then the bytes), or nil when there is not one whole.
    fileprivate mutating func readString() -> ByteBuffer? {
        guard let length = getInteger(at: readerIndex, as: UInt32.self), Int(length) <= readableBytes - 4 else { return nil }
        moveReaderIndex(forwardBy: 4)
        return readSlice(length: Int(length))
    }

    /// Writes `bytes` as an SSH string.
    fileprivate mutating func writeString(_ bytes: ByteBuffer) {
        writeInteger(UInt32(bytes.readableBytes))
        writeImmutableBuffer(bytes)
    }
}

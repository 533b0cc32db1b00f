import Foundation

/// ProxyHeader: the PROXY protocol header (HAProxy's specification, versions 1 and 2) a TCP load
/// balancer sends before the client's bytes, naming the client's real address. Parsed
/// defensively: a version 1 line is at most 107 bytes, a version 2 header at most
/// ``maximumV2Length`` bytes of addresses and TLVs (the TLVs are skipped, never interpreted);
/// anything else is refused with what was wrong.
enum ProxyHeader {
    /// What the bytes received so far make.
    enum Parse: Equatable {
        /// Not enough bytes yet to tell.
        case needMore
        /// A whole header of `length` bytes; `source` is the client (nil: the header names none,
        /// e.g. a load balancer's own health check (LOCAL, UNKNOWN): the connection's address stands).
        case header(source: ProxySource?, length: Int)
        /// Not a PROXY header at all (the client's own first bytes).
        case absent
        /// A header, but a malformed one: why.
        case invalid(String)
    }

    /// The 12 bytes that open a version 2 header.
    static let v2Signature: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0A]
    /// What opens a version 1 header.
    static let v1Prefix = Array("PROXY ".utf8)
    /// The longest version 1 line (the specification's limit, CRLF included).
    static let maximumV1Length = 107
    /// The most bytes of addresses and TLVs a version 2 header may carry here (the
    /// specification allows 65,535; load balancers send a few dozen).
    static let maximumV2Length = 1024

    /// Parses the start of a connection's bytes.
    static func parse(_ bytes: [UInt8]) -> Parse {
        if startsLike(bytes, v2Signature) {
            return bytes.count < 16 ? .needMore : parseV2(bytes)
        }
        if startsLike(bytes, v1Prefix) {
            return bytes.count < v1Prefix.count ? .needMore : parseV1(bytes)
        }
        return .absent
    }

    /// Whether `bytes` and `prefix` agree on their common length.
    private static func startsLike(_ bytes: [UInt8], _ prefix: [UInt8]) -> Bool {
        zip(bytes, prefix).allSatisfy { $0 == $1 }
    }

    private static func parseV1(_ bytes: [UInt8]) -> Parse {
        let window = bytes.prefix(maximumV1Length)
        guard let lf = window.firstIndex(of: 0x0A) else {
            return bytes.count >= maximumV1Length ? .invalid("a version 1 line longer than 107 bytes") : .needMore
        }
        guard lf > 0, bytes[lf - 1] == 0x0D else { return .invalid("a version 1 line not ended by CRLF") }
        guard let line = String(bytes: bytes[..<(lf - 1)], encoding: .ascii),
              line.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
        else { return .invalid("a version 1 line with bytes that are not printable ASCII") }
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let length = lf + 1
        if words.count >= 2, words[1] == "UNKNOWN" { return .header(source: nil, length: length) }
        guard words.count == 6, words[1] == "TCP4" || words[1] == "TCP6" else {
            return .invalid("a version 1 line that is not PROXY TCP4|TCP6 SRC DST SPORT DPORT")
        }
        let family = words[1] == "TCP4" ? AF_INET : AF_INET6
        guard let source = canonicalAddress(words[2], family: family), canonicalAddress(words[3], family: family) != nil
        else { return .invalid("a version 1 line with an address that is not \(words[1] == "TCP4" ? "IPv4" : "IPv6")") }
        guard let sourcePort = port(words[4]), port(words[5]) != nil else {
            return .invalid("a version 1 line with a port that is not 0 to 65535")
        }
        return .header(source: ProxySource(address: source, port: sourcePort), length: length)
    }

    private static func parseV2(_ bytes: [UInt8]) -> Parse {
        let versionCommand = bytes[12]
        guard versionCommand >> 4 == 2 else { return .invalid("a version 2 header of version \(versionCommand >> 4)") }
        let command = versionCommand & 0x0F
        guard command <= 1 else { return .invalid("a version 2 header with command \(command)") }
        let family = bytes[13]
        let length = Int(bytes[14]) << 8 | Int(bytes[15])
        guard length <= maximumV2Length else {
            return .invalid("a version 2 header of \(length) bytes of addresses and TLVs (at most \(maximumV2Length) taken)")
        }
        guard bytes.count >= 16 + length else { return .needMore }
        let body = Array(bytes[16..<(16 + length)])
        // LOCAL: the load balancer's own connection (a health check): no client to name
        guard command == 1 else { return .header(source: nil, length: 16 + length) }
        switch family {
        case 0x11, 0x12:  // TCP or UDP over IPv4
            guard body.count >= 12 else { return .invalid("a version 2 IPv4 header of \(length) bytes (12 needed)") }
            let address = body[0..<4].map(String.init).joined(separator: ".")
            return .header(source: ProxySource(address: address, port: Int(body[8]) << 8 | Int(body[9])), length: 16 + length)
        case 0x21, 0x22:  // TCP or UDP over IPv6
            guard body.count >= 36 else { return .invalid("a version 2 IPv6 header of \(length) bytes (36 needed)") }
            var raw = in6_addr()
            withUnsafeMutableBytes(of: &raw) { $0.copyBytes(from: body[0..<16]) }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count)) != nil else {
                return .invalid("a version 2 IPv6 address that cannot be written")
            }
            let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .header(source: ProxySource(address: address, port: Int(body[32]) << 8 | Int(body[33])), length: 16 + length)
        default:
            // UNSPEC or a UNIX socket: no address of ours to name; the connection's stands
            return .header(source: nil, length: 16 + length)
        }
    }

    /// `text` as the system writes the address (nil when it is not one of `family`).
    private static func canonicalAddress(_ text: String, family: Int32) -> String? {
        guard text.count <= 45 else { return nil }
        var storage = in6_addr()
        guard inet_pton(family, text, &storage) == 1 else { return nil }
        var out = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, &storage, &out, socklen_t(out.count)) != nil else { return nil }
        return String(decoding: out.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// A port written in decimal, 0 to 65535, without sign or leading zeros.
    private static func port(_ text: String) -> Int? {
        guard (1...5).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }),
              text == "0" || !text.hasPrefix("0"), let value = Int(text), value <= 65535 else { return nil }
        return value
    }
}

/// ProxySource: the client a PROXY header names.
struct ProxySource: Equatable, Sendable {
    /// The client's address, as the system writes it (`127.0.0.2`, `::1`).
    let address: String
    /// The client's port.
    let port: Int
}

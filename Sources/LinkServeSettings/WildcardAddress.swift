import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// WildcardAddress: whether a `HOST:PORT` to listen on is every interface, judged on the address the
/// system resolves it to (the first of getaddrinfo's answers, the one the server binds), not on its
/// text: `0`, `0x0`, `0.0.0.00`, `[::0]` and `[0::]` are every interface as `0.0.0.0` and `::` are.
/// Without SwiftNIO, so that `linkterm serve` checks its options before it starts the server.
public enum WildcardAddress {
    /// Why an address could not be judged.
    public struct Unresolved: Error, CustomStringConvertible {
        /// The host that was asked for.
        public var host: String
        /// What getaddrinfo said (or that its answer is neither IPv4 nor IPv6).
        public var reason: String
        /// The reason, for a message.
        public var description: String { reason }
    }

    /// Whether `host` and `port`, as the system resolves them, are every IPv4 or IPv6 interface
    /// (`0.0.0.0`, `::`, or `::ffff:0.0.0.0`, the IPv4 wildcard in IPv6's form).
    public static func isWildcard(host: String, port: Int) throws -> Bool {
        var info: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), nil, &info)
        guard status == 0 else {
            throw Unresolved(host: host, reason: "\(String(cString: gai_strerror(status))) (getaddrinfo error \(status))")
        }
        defer { freeaddrinfo(info) }
        guard let first = info, let address = first.pointee.ai_addr else {
            throw Unresolved(host: host, reason: "getaddrinfo gave no address")
        }
        switch first.pointee.ai_family {
        case AF_INET:
            let inet = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
            return inet.sin_addr.s_addr == 0
        case AF_INET6:
            var raw = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self).sin6_addr
            let bytes = withUnsafeBytes(of: &raw) { Array($0) }
            let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            return bytes.allSatisfy { $0 == 0 } || (Array(bytes.prefix(12)) == mappedPrefix && bytes.suffix(4).allSatisfy { $0 == 0 })
        default:
            throw Unresolved(host: host, reason: "neither an IPv4 nor an IPv6 address")
        }
    }
}

import Foundation
import NIOCore

/// ListenAddress: where `--listen` points, judged on the address the system makes of it (as the
/// server binds it), not on its text: `0`, `0x0`, `0.0.0.00`, `000.000.000.000`, `[::0]` and
/// `[0::]` are all every interface, as `0.0.0.0` and `::` are.
public enum ListenAddress {
    /// `host` and `port` as the system resolves them (the address the server then binds).
    public static func resolve(host: String, port: Int) throws -> SocketAddress {
        try SocketAddress.makeAddressResolvingHost(host, port: port)
    }

    /// Whether `address` is a wildcard: every IPv4 or IPv6 interface (`0.0.0.0`, `::`, or
    /// `::ffff:0.0.0.0`, the IPv4 wildcard in IPv6's form).
    public static func isWildcard(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let inet):
            return inet.address.sin_addr.s_addr == 0
        case .v6(let inet):
            var raw = inet.address.sin6_addr
            let bytes = withUnsafeBytes(of: &raw) { Array($0) }
            let mappedPrefix: [UInt8] = Array(repeating: 0, count: 10) + [0xFF, 0xFF]
            return bytes.allSatisfy { $0 == 0 } || (Array(bytes.prefix(12)) == mappedPrefix && bytes.suffix(4).allSatisfy { $0 == 0 })
        default:
            return false
        }
    }
}

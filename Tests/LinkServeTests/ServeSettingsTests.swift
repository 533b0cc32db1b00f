import Foundation
import LinkServe
import Testing

/// What `linkterm serve` checks without SwiftNIO and hands to `linkterm-serve`.
@Suite struct ServeSettingsTests {
    @Test func wildcardsAreJudgedAsTheServerResolvesThem() throws {
        for host in ["0", "0.0.0.0", "0x0", "0.0.0.00", "000.000.000.000", "::", "::0", "0::", "::ffff:0.0.0.0"] {
            #expect(try WildcardAddress.isWildcard(host: host, port: 0), "\(host)")
            // the same judgement as the server's own, on NIO's address
            #expect(ListenAddress.isWildcard(try ListenAddress.resolve(host: host, port: 0)), "\(host)")
        }
        for host in ["127.0.0.1", "::1", "10.0.0.1", "0.0.0.1"] {
            #expect(try !WildcardAddress.isWildcard(host: host, port: 0), "\(host)")
        }
    }

    @Test func anUnresolvableHostSaysWhy() {
        #expect(throws: WildcardAddress.Unresolved.self) { try WildcardAddress.isWildcard(host: "no such host.invalid", port: 22) }
        do {
            _ = try WildcardAddress.isWildcard(host: "999.1.1.1x", port: 22)
            Issue.record("resolved")
        } catch {
            #expect("\(error)".contains("getaddrinfo error"), "\(error)")
        }
    }

    @Test func settingsGoThroughTheirJSONUnchanged() throws {
        let settings = ServeSettings(
            host: "::1", port: 2222, hostKeyPath: "/h/.linkterm/key", authorizedKeysPath: nil, maxSessions: 3, maxPerSource: 2,
            maxWatchers: 4, maxStartups: "5:50:9", idleTimeout: 60, handshakeTimeout: 7, executable: "/opt/bin/linkterm",
            sessionArguments: ["--theme", "light", "--seed", "4 2", "é\u{1B}"], eventsDirectory: "/tmp/e", watch: true,
            presenterKey: "SHA256:x", proxyProtocol: true, metricsHost: "127.0.0.1", metricsPort: 9222)
        #expect(try ServeSettings.decoded(settings.encoded()) == settings)
        #expect(throws: (any Error).self) { try ServeSettings.decoded("{\"host\": \"x\"}") }
    }

    @Test func theServerIsBesideLinkterm() {
        #expect(ServeSettings.serverPath(beside: "/usr/local/bin/linkterm") == "/usr/local/bin/linkterm-serve")
        #expect(ServeSettings.serverPath(beside: "/a b/.build/debug/linkterm") == "/a b/.build/debug/linkterm-serve")
    }
}

import Foundation
import Testing
@testable import LinkServe

@Suite struct ProxyProtocolTests {
    private func v2(command: UInt8 = 0x21, family: UInt8 = 0x11, body: [UInt8]) -> [UInt8] {
        ProxyHeader.v2Signature + [command, family, UInt8(body.count >> 8), UInt8(body.count & 0xFF)] + body
    }

    @Test func readsVersion1() {
        let line = Array("PROXY TCP4 127.0.0.2 127.0.0.1 40000 2222\r\nSSH-2.0-x\r\n".utf8)
        #expect(ProxyHeader.parse(line) == .header(source: ProxySource(address: "127.0.0.2", port: 40000), length: 43))
        let six = Array("PROXY TCP6 ::ffff:10.0.0.1 ::1 1 2\r\n".utf8)
        #expect(ProxyHeader.parse(six) == .header(source: ProxySource(address: "::ffff:10.0.0.1", port: 1), length: six.count))
        #expect(ProxyHeader.parse(Array("PROXY UNKNOWN\r\n".utf8)) == .header(source: nil, length: 15))
        // byte by byte: more is needed until the line ends
        for end in 0..<42 { #expect(ProxyHeader.parse(Array(line.prefix(end))) == .needMore, "\(end)") }
    }

    @Test func refusesMalformedVersion1() {
        for (text, why) in [
            ("PROXY TCP4 127.0.0.2 127.0.0.1 40000 2222\n", "not ended by CRLF"),
            ("PROXY TCP4 1.2.3 127.0.0.1 1 2\r\n", "not IPv4"),
            ("PROXY TCP4 ::1 127.0.0.1 1 2\r\n", "not IPv4"),
            ("PROXY TCP4 1.2.3.4 5.6.7.8 65536 2\r\n", "port"),
            ("PROXY TCP4 1.2.3.4 5.6.7.8 -1 2\r\n", "port"),
            ("PROXY TCP4 1.2.3.4 5.6.7.8 01 2\r\n", "port"),
            ("PROXY TCP4  1.2.3.4 5.6.7.8 1 2\r\n", "not PROXY TCP4"),
            ("PROXY UDP4 1.2.3.4 5.6.7.8 1 2\r\n", "not PROXY TCP4"),
            ("PROXY TCP4 1.2.3.4 5.6.7.8 1 2 3\r\n", "not PROXY TCP4"),
            ("PROXY TCP4 1.2.3.4\u{1B}[2J 5.6.7.8 1 2\r\n", "printable ASCII"),
            ("PROXY " + String(repeating: "A", count: 200), "longer than 107 bytes"),
        ] {
            guard case .invalid(let message) = ProxyHeader.parse(Array(text.utf8)) else {
                Issue.record("accepted: \(text.debugDescription)")
                continue
            }
            #expect(message.contains(why), "\(text.debugDescription): \(message)")
        }
    }

    @Test func readsVersion2WithTLVsSkipped() {
        let ipv4: [UInt8] = [127, 0, 0, 2, 127, 0, 0, 1, 0x9C, 0x40, 0x08, 0xAE]
        let tlv: [UInt8] = [0x04, 0x00, 0x03, 1, 2, 3]  // PP2_TYPE_NOOP
        let header = v2(body: ipv4 + tlv)
        #expect(ProxyHeader.parse(header + Array("SSH-2.0-x".utf8))
                == .header(source: ProxySource(address: "127.0.0.2", port: 40000), length: header.count))
        var ipv6 = [UInt8](repeating: 0, count: 36)
        ipv6[15] = 1
        ipv6[32] = 0x01; ipv6[33] = 0x02
        #expect(ProxyHeader.parse(v2(family: 0x21, body: ipv6)) == .header(source: ProxySource(address: "::1", port: 258), length: 52))
        // LOCAL (a health check) and UNSPEC name no client
        #expect(ProxyHeader.parse(v2(command: 0x20, family: 0x00, body: [])) == .header(source: nil, length: 16))
        #expect(ProxyHeader.parse(v2(family: 0x00, body: [])) == .header(source: nil, length: 16))
        for end in 0..<header.count { #expect(ProxyHeader.parse(Array(header.prefix(end))) == .needMore, "\(end)") }
    }

    @Test func refusesMalformedVersion2() {
        for (bytes, why) in [
            (v2(command: 0x11, body: []), "version 1"),
            (v2(command: 0x22, body: []), "command 2"),
            (v2(body: [127, 0, 0, 1]), "12 needed"),
            (v2(family: 0x21, body: [UInt8](repeating: 0, count: 20)), "36 needed"),
            (ProxyHeader.v2Signature + [0x21, 0x11, 0xFF, 0xFF], "65535 bytes"),
            (ProxyHeader.v2Signature + [0x21, 0x11, 0x04, 0x01], "1025 bytes"),
        ] {
            guard case .invalid(let message) = ProxyHeader.parse(bytes) else {
                Issue.record("accepted: \(bytes)")
                continue
            }
            #expect(message.contains(why), "\(message)")
        }
    }

    @Test func tellsAnSSHClientFromAHeader() {
        #expect(ProxyHeader.parse(Array("SSH-2.0-OpenSSH_9.2\r\n".utf8)) == .absent)
        #expect(ProxyHeader.parse(Array("S".utf8)) == .absent)
        #expect(ProxyHeader.parse(Array("PROX".utf8)) == .needMore)
        #expect(ProxyHeader.parse([0x0D, 0x0A]) == .needMore)
        #expect(ProxyHeader.parse([0x0D, 0x0A, 0x0D, 0x0A, 0x00, 0x0D, 0x0A, 0x51, 0x55, 0x49, 0x54, 0x0B]) == .absent)
        #expect(ProxyHeader.parse([]) == .needMore)
    }
}

@Suite struct ServeMetricsTests {
    @Test func countsByOutcomeAndReason() {
        let metrics = ServeMetrics()
        metrics.sessionStarted()
        metrics.sessionStarted()
        metrics.connectionClosed(outcome: "ended: exit 0", session: 3)
        metrics.connectionClosed(outcome: "dropped: session hung up", session: 40)
        metrics.connectionClosed(outcome: "refused: more than 4 connections from 10.0.0.1", session: nil)
        metrics.connectionClosed(outcome: "refused: no PROXY header (--proxy-protocol: connect through the load balancer)", session: nil)
        metrics.connectionClosed(outcome: "watched", session: nil)
        let text = metrics.exposition(sessionsNow: 1, watchersNow: 2, connectionsNow: 3)
        for line in [
            "linkterm_sessions 1", "linkterm_watchers 2", "linkterm_connections 3", "linkterm_connections_total 5",
            "linkterm_sessions_started_total 2", "linkterm_sessions_ended_total{outcome=\"exit\"} 1",
            "linkterm_sessions_ended_total{outcome=\"dropped\"} 1", "linkterm_refusals_total{reason=\"per_source\"} 1",
            "linkterm_refusals_total{reason=\"proxy_header\"} 1", "linkterm_session_duration_seconds_bucket{le=\"1\"} 0",
            "linkterm_session_duration_seconds_bucket{le=\"5\"} 1", "linkterm_session_duration_seconds_bucket{le=\"60\"} 2",
            "linkterm_session_duration_seconds_bucket{le=\"+Inf\"} 2", "linkterm_session_duration_seconds_sum 43.000",
            "linkterm_session_duration_seconds_count 2", "# TYPE linkterm_session_duration_seconds histogram",
        ] {
            #expect(text.split(separator: "\n").contains(Substring(line)), "\(line)\n\(text)")
        }
    }
}

import Foundation
import NIOCore
import NIOSSH
import Testing
@testable import LinkServe

private let ed25519Line = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF4suol8cEmsXVQT4xNL28ib/9FOhP7y+lrP4fcVTne6"
private let ed25519Fingerprint = "SHA256:JP383N5s/5A8QL8BPc4L9P2wUgwgpxRdEBH6uOKn8No"  // ssh-keygen -l
private let ecdsaLine = "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBBDQUyZDP9Nlsku8qGWXokMp5rG8T3E39N2a+D+/PwtLOAIhzzttKn373+8+gTVbq+8UKSRpG81rGHPzyUWDtVwo="
private let ecdsaFingerprint = "SHA256:6Z2OgMw63RZ7T2pfFe3ICNVDnPD5IxWcEw+ncNnt62Q"

@Suite struct AuthorizedKeysTests {
    @Test func readsEd25519AndECDSASkipsRSAAndComments() throws {
        let keys = try AuthorizedKeys.parse("""
            # the team
            \(ed25519Line) alice@laptop

            ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAAAgQDSXEG6 bob@old
            \(ecdsaLine)\r
            """, path: "keys")
        #expect(keys.keys.count == 2 && keys.skipped == 1)
        #expect(keys.admits(try NIOSSHPublicKey(openSSHPublicKey: ed25519Line)))
        #expect(keys.admits(try NIOSSHPublicKey(openSSHPublicKey: ecdsaLine)))
        #expect(!keys.admits(NIOSSHPrivateKey(ed25519Key: .init()).publicKey))
    }

    @Test func refusesOptionsAndBadKeysNamingTheLine() {
        for (text, message) in [
            ("\n from=\"10.0.0.1\" \(ed25519Line)", "--authorized-keys keys: line 2: key options are not supported"),
            ("ssh-ed25519 AAAA!!", "--authorized-keys keys: line 1: the ssh-ed25519 key is not valid base64 key data"),
            ("ssh-ed25519", "--authorized-keys keys: line 1: the ssh-ed25519 key is not valid base64 key data"),
            ("hello world", "--authorized-keys keys: line 1: not a key line"),
        ] {
            #expect(throws: (any Error).self) { try AuthorizedKeys.parse(text, path: "keys") }
            do {
                _ = try AuthorizedKeys.parse(text, path: "keys")
            } catch {
                #expect("\(error)".hasPrefix(message), "\(error)")
                #expect(!"\(error)".contains("hello") && !"\(error)".contains("10.0.0.1"), "\(error)")  // the file is not quoted
            }
        }
    }
}

@Suite struct FingerprintTests {
    @Test func matchesOpenSSH() throws {
        #expect(SSHFingerprint.of(try NIOSSHPublicKey(openSSHPublicKey: ed25519Line)) == ed25519Fingerprint)
        #expect(SSHFingerprint.of(try NIOSSHPublicKey(openSSHPublicKey: ecdsaLine)) == ecdsaFingerprint)
    }
}

@Suite struct HostKeyTests {
    private let directory = NSTemporaryDirectory() + "linkserve-\(UUID().uuidString)"

    private func temporaryPath() -> String { directory + "/host_key" }

    @Test func madeOnceThenReused() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = temporaryPath()
        let made = try HostKey.loadOrCreate(path: path)
        #expect(made.created)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let again = try HostKey.loadOrCreate(path: path)
        #expect(!again.created && again.fingerprint == made.fingerprint && again.publicKeyLine == made.publicKeyLine)
        #expect(made.fingerprint.hasPrefix("SHA256:") && made.fingerprint.count == 7 + 43)
    }

    @Test func refusesAReadableOrBadFile() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = temporaryPath()
        _ = try HostKey.loadOrCreate(path: path)
        chmod(path, 0o640)
        #expect(throws: (any Error).self) { try HostKey.loadOrCreate(path: path) }
        chmod(path, 0o600)
        try "linkterm-host-key-v1 ssh-ed25519 c2hvcnQ=\n".write(toFile: path, atomically: false, encoding: .utf8)
        do {
            _ = try HostKey.loadOrCreate(path: path)
            Issue.record("a key of 5 bytes was read")
        } catch {
            #expect("\(error)".contains("is not a linkterm host key"))
        }
    }
}

@Suite struct ClientTextTests {
    @Test func controlsReplacedAndLengthCapped() {
        #expect(ClientText.sanitized("al\u{1b}[2Jice\u{7}\u{9b}x") == "al?[2Jice??x")
        #expect(ClientText.sanitized(String(repeating: "a", count: 100), limit: 8) == "aaaaaaaa…")
        #expect(ClientText.sanitized("über") == "über")
    }

    @Test func termNames() {
        for good in ["xterm-256color", "screen.xterm-256color", "vt100", "rxvt-unicode+x", "st_x"] {
            #expect(ClientText.isSafeTerm(good), "\(good)")
        }
        for bad in ["", "-xterm", ".x", "../../etc/x", "xterm;rm", "a b", "x\u{1b}", String(repeating: "x", count: 65)] {
            #expect(!ClientText.isSafeTerm(bad), "\(bad)")
        }
    }

    @Test func windowSizes() {
        #expect(WindowSize(rows: 0, columns: 0) == WindowSize(rows: 24, columns: 80))
        #expect(WindowSize(rows: 70_000, columns: -3) == WindowSize(rows: 1000, columns: 80))
    }
}

@Suite struct WatchHubTests {
    /// A session's audience socket with the session's end kept, to read what the hub sent it.
    private func session() throws -> (control: AudienceControl, messages: () -> [String]) {
        let (control, sessionEnd) = try AudienceControl.make()
        return (control, {
            var found: [String] = []
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let n = recv(sessionEnd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if n <= 0 { break }
                found.append(String(decoding: buffer.prefix(n), as: UTF8.self))
            }
            return found
        })
    }

    private final class Events: @unchecked Sendable {
        let lock = NSLock()
        var list: [String] = []
        func add(_ event: WatchEvent) {
            lock.withLock {
                switch event {
                case .screen(let fd):
                    close(fd)
                    list.append("screen")
                case .waiting(let note): list.append(note)
                }
            }
        }
    }

    @Test func theOldestSessionPresentsAndTheNextTakesOver() throws {
        let hub = WatchHub()
        let first = try session(), second = try session()
        let ids = (ObjectIdentifier(first.control), ObjectIdentifier(second.control))
        let watcherID = ObjectIdentifier(Events.self)
        let events = Events()
        hub.addWatcher(watcherID, size: WindowSize(rows: 24, columns: 80), colors: 256, show: events.add)
        hub.sessionStarted(ids.0, fingerprint: "SHA256:a", control: first.control)
        hub.sessionStarted(ids.1, fingerprint: "SHA256:b", control: second.control)
        #expect(hub.isPresenting(ids.0) && !hub.isPresenting(ids.1))
        #expect(first.messages() == ["watch 1 24 80 256"] && second.messages().isEmpty)
        hub.resizeWatcher(watcherID, size: WindowSize(rows: 40, columns: 120))
        #expect(first.messages() == ["size 1 40 120"])
        hub.sessionEnded(ids.0)
        #expect(hub.isPresenting(ids.1) && second.messages() == ["watch 1 40 120 256"])
        hub.sessionEnded(ids.1)
        hub.removeWatcher(watcherID)
        #expect(events.list == ["watching; no presenter yet, waiting for one", "screen", "screen",
                                "the presenter's session ended; waiting for the next one"])
    }

    @Test func aPresenterKeyPresentsOnlyThatKey() throws {
        let hub = WatchHub(presenterKey: "SHA256:b")
        let first = try session(), second = try session()
        hub.sessionStarted(ObjectIdentifier(first.control), fingerprint: "SHA256:a", control: first.control)
        #expect(!hub.isPresenting(ObjectIdentifier(first.control)))
        hub.sessionStarted(ObjectIdentifier(second.control), fingerprint: "SHA256:b", control: second.control)
        #expect(hub.isPresenting(ObjectIdentifier(second.control)))
    }

    @Test func coloursFromTheWatchersTerm() {
        #expect(AudienceControl.colorCount(term: "xterm-256color") == 256)
        #expect(AudienceControl.colorCount(term: "xterm-direct") == 256)
        #expect(AudienceControl.colorCount(term: "rxvt-16color") == 16)
        #expect(AudienceControl.colorCount(term: "xterm") == 8)
        #expect(AudienceControl.colorCount(term: "vt100") == 0)
        #expect(AudienceControl.colorCount(term: "xterm-mono") == 0)
    }
}

@Suite struct MaxStartupsTests {
    @Test func parsesAndRefusesLikeOpenSSH() {
        #expect(MaxStartups("10:30:100") == .openSSHDefault)
        #expect(MaxStartups("5") == MaxStartups(start: 5, rate: 100, full: 5))
        for bad in ["", "0:30:100", "10:30:5", "10:101:100", "10:30", "a:b:c", "10:30:100:1", "-1"] {
            #expect(MaxStartups(bad) == nil, "\(bad)")
        }
    }

    @Test func dropChanceRisesLinearlyFromStartToFull() {
        let startups = MaxStartups.openSSHDefault
        #expect(startups.dropChance(unauthenticated: 9) == 0)
        #expect(startups.dropChance(unauthenticated: 10) == 30)
        #expect(startups.dropChance(unauthenticated: 55) == 65)
        #expect(startups.dropChance(unauthenticated: 100) == 100)
        #expect(!(0..<100).contains { _ in startups.drops(unauthenticated: 9) })
        #expect((0..<100).allSatisfy { _ in startups.drops(unauthenticated: 100) })
    }
}

@Suite struct LogFieldTests {
    @Test func clientTextCannotMakeFields() {
        #expect(ServeLog.field("visitor") == "visitor")
        #expect(ServeLog.field("-") == "-")
        #expect(ServeLog.field("x session=0") == "\"x session=0\"")
        #expect(ServeLog.quoted("a\"b\\c\u{202E}d é") == "\"a\\\"b\\\\c\\u{202E}d \\u{E9}\"")
    }
}

@Suite struct ListenAddressTests {
    @Test func wildcardsHoweverWritten() throws {
        for host in ["0", "0.0.0.0", "0x0", "0.0.0.00", "000.000.000.000", "::", "::0", "0::", "::ffff:0.0.0.0"] {
            #expect(ListenAddress.isWildcard(try ListenAddress.resolve(host: host, port: 0)), "\(host)")
        }
        for host in ["127.0.0.1", "::1", "10.0.0.1", "0.0.0.1"] {
            #expect(!ListenAddress.isWildcard(try ListenAddress.resolve(host: host, port: 0)), "\(host)")
        }
    }
}

@Suite struct InboundRepairTests {
    private func message(_ type: UInt8, _ parts: [Any]) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeInteger(type)
        for part in parts {
            switch part {
            case let text as String:
                buffer.writeInteger(UInt32(text.utf8.count))
                buffer.writeString(text)
            case let flag as Bool: buffer.writeInteger(UInt8(flag ? 1 : 0))
            case let number as UInt32: buffer.writeInteger(number)
            default: Issue.record("part \(part)")
            }
        }
        return buffer
    }

    @Test func unknownChannelRequestsLoseTheirFields() {
        let x11 = message(98, [UInt32(0), "x11-req", true, false, "MIT-MAGIC-COOKIE-1", "00ff", UInt32(0)])
        #expect(InboundRepair.repaired(x11) == message(98, [UInt32(0), "x11-req", true]))
        #expect(InboundRepair.repaired(message(98, [UInt32(3), "shell", true])) == nil)
        #expect(InboundRepair.repaired(message(98, [UInt32(0), "auth-agent-req@openssh.com", false])) == nil)
    }

    @Test func unknownAuthenticationMethodsBecomeNone() {
        let interactive = message(50, ["visitor", "ssh-connection", "keyboard-interactive", "", ""])
        #expect(InboundRepair.repaired(interactive) == message(50, ["visitor", "ssh-connection", "none"]))
        let change = message(50, ["v", "ssh-connection", "password", true, "old", "new"])
        #expect(InboundRepair.repaired(change) == message(50, ["v", "ssh-connection", "none"]))
        #expect(InboundRepair.repaired(message(50, ["v", "ssh-connection", "password", false, "pw"])) == nil)
        #expect(InboundRepair.repaired(message(50, ["v", "ssh-connection", "none"])) == nil)
        #expect(InboundRepair.repaired(message(50, ["v"])) == nil)  // cut short: the library's to refuse
    }
}

import Foundation
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
            ("\n from=\"10.0.0.1\" \(ed25519Line)", "--authorized-keys keys: line 2: key options (from=\"10.0.0.1\") are not supported"),
            ("ssh-ed25519 AAAA!!", "--authorized-keys keys: line 1: the ssh-ed25519 key is not valid base64 key data"),
            ("ssh-ed25519", "--authorized-keys keys: line 1: the ssh-ed25519 key is not valid base64 key data"),
            ("hello world", "--authorized-keys keys: line 1: \"hello\" is not a key type"),
        ] {
            #expect(throws: (any Error).self) { try AuthorizedKeys.parse(text, path: "keys") }
            do {
                _ = try AuthorizedKeys.parse(text, path: "keys")
            } catch {
                #expect("\(error)".hasPrefix(message), "\(error)")
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

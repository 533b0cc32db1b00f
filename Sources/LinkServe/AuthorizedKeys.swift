import Foundation
import LinkCore
import NIOSSH

/// AuthorizedKeys: the public keys admitted by `--authorized-keys FILE`, read from a file in
/// OpenSSH's authorized_keys format: one `TYPE BASE64 [COMMENT]` a line, `#` comments and blank
/// lines ignored. Ed25519 (`ssh-ed25519`) and ECDSA (`ecdsa-sha2-nistp256`, `-nistp384`,
/// `-nistp521`) keys are read; other key types are skipped (and counted); key options
/// (`from=…`, `command=…`) are refused, since the server would not honour them.
public struct AuthorizedKeys: Sendable {
    /// The admitted keys.
    public let keys: Set<NIOSSHPublicKey>
    /// How many lines held a key of a type the server does not read (RSA, security keys).
    public let skipped: Int

    static let readTypes = ["ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521"]
    static let otherTypes = ["ssh-rsa", "ssh-dss", "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com"]

    /// Whether `key` is admitted.
    public func admits(_ key: NIOSSHPublicKey) -> Bool { keys.contains(key) }

    /// Reads the file at `path`; throws a ``ServeError`` naming the line that is wrong.
    public static func load(path: String) throws -> AuthorizedKeys {
        let data: Data
        do {
            data = Data(try FileReading.read(path, limit: 1 << 20))
        } catch {
            if case .tooLarge = error.kind { throw ServeError.authorizedKeys(path, "is larger than 1 MiB") }
            throw ServeError.authorizedKeys(path, "cannot be read (\(error.reason))")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ServeError.authorizedKeys(path, "is not UTF-8 text") }
        return try parse(text, path: path)
    }

    /// The keys of authorized_keys `text` (`path` names it in errors).
    public static func parse(_ text: String, path: String) throws -> AuthorizedKeys {
        var keys: Set<NIOSSHPublicKey> = []
        var skipped = 0
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            let type = fields[0]
            if otherTypes.contains(type) {
                skipped += 1
                continue
            }
            guard readTypes.contains(type) else {
                // the line is not quoted: the file may be anything (a symlink to a secret), and
                // its contents must not reach the log
                let problem = type.contains("=") || type.contains(",") || readTypes.contains(where: line.contains)
                    ? "key options are not supported: remove them, or list the key alone"
                    : "not a key line (expected a key type such as ssh-ed25519 or ecdsa-sha2-nistp256 first)"
                throw ServeError.authorizedKeys(path, "line \(index + 1): \(problem)")
            }
            guard fields.count >= 2, let key = try? NIOSSHPublicKey(openSSHPublicKey: "\(type) \(fields[1])") else {
                throw ServeError.authorizedKeys(path, "line \(index + 1): the \(type) key is not valid base64 key data")
            }
            keys.insert(key)
        }
        return AuthorizedKeys(keys: keys, skipped: skipped)
    }
}

import Crypto
import Foundation
import NIOCore
import NIOSSH

/// HostKey: the server's Ed25519 host key, kept in a private file (mode 0600) that is created on
/// the first start and read on every later one.
///
/// The file is one line, `linkterm-host-key-v1 ssh-ed25519 BASE64`, where BASE64 is the 32-byte
/// private key (its seed, Curve25519.Signing's raw representation).
public struct HostKey: Sendable {
    /// The key NIOSSH signs the key exchange with.
    public let privateKey: NIOSSHPrivateKey
    /// The public key as an OpenSSH public key line (`ssh-ed25519 AAAA…`).
    public let publicKeyLine: String
    /// The fingerprint `ssh` shows for this host: `SHA256:` and the unpadded base64 of the SHA-256
    /// of the public key blob.
    public let fingerprint: String
    /// Whether the file was created by this start.
    public let created: Bool

    static let header = "linkterm-host-key-v1 ssh-ed25519 "

    /// Reads the host key at `path`, or creates it (0600, exclusively) when there is no file yet.
    /// Throws a ``ServeError`` naming the problem for a file that others may read, that belongs to
    /// someone else, or that does not hold a key.
    public static func loadOrCreate(path: String) throws -> HostKey {
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw ServeError.hostKey(path, String(cString: strerror(errno))) }
            return try create(path: path)
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw ServeError.hostKey(path, "not a regular file") }
        if info.st_mode & 0o077 != 0 {
            throw ServeError.hostKey(path, String(format: "readable by group or others (mode %04o): run chmod 600 %@",
                                                  Int(info.st_mode & 0o7777), path))
        }
        if info.st_uid != geteuid() { throw ServeError.hostKey(path, "belongs to another user (uid \(info.st_uid))") }
        guard let data = FileManager.default.contents(atPath: path), data.count < 4096,
              let text = String(data: data, encoding: .utf8)
        else { throw ServeError.hostKey(path, "cannot be read as a linkterm host key") }
        let line = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix(header), let raw = Data(base64Encoded: String(line.dropFirst(header.count))), raw.count == 32,
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw)
        else {
            throw ServeError.hostKey(path, "is not a linkterm host key (expected one line \"\(header)BASE64\"); "
                                     + "move it away to have a new key made")
        }
        return HostKey(key: key, created: false)
    }

    static func create(path: String) throws -> HostKey {
        // only the file's own folder is made (0700), as ~/.linkterm on a first start: a path
        // whose folder's parent is missing too is more likely a typo than a place to fill
        let directory = (path as NSString).deletingLastPathComponent
        var info = stat()
        if !directory.isEmpty && stat(directory, &info) != 0 {
            let parent = (directory as NSString).deletingLastPathComponent
            guard errno == ENOENT, parent.isEmpty || stat(parent, &info) == 0 else {
                throw ServeError.hostKey(path, "its folder \(directory) does not exist, nor does \(parent): "
                                         + "create the folder first (only a missing last folder is made)")
            }
            guard mkdir(directory, 0o700) == 0 else {
                throw ServeError.hostKey(path, "cannot create its folder \(directory): \(String(cString: strerror(errno)))")
            }
        }
        let key = Curve25519.Signing.PrivateKey()
        let line = header + key.rawRepresentation.base64EncodedString() + "\n"
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw ServeError.hostKey(path, "cannot be created: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let bytes = Array(line.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fsync(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw ServeError.hostKey(path, "cannot be written: \(reason)")
        }
        return HostKey(key: key, created: true)
    }

    init(key: Curve25519.Signing.PrivateKey, created: Bool) {
        privateKey = NIOSSHPrivateKey(ed25519Key: key)
        publicKeyLine = String(openSSHPublicKey: privateKey.publicKey)
        fingerprint = SSHFingerprint.of(privateKey.publicKey)
        self.created = created
    }
}

/// SSHFingerprint: a public key's fingerprint as OpenSSH prints it.
public enum SSHFingerprint {
    /// `SHA256:` and the unpadded base64 of the SHA-256 of the key's wire-format blob.
    public static func of(_ key: NIOSSHPublicKey) -> String {
        let line = String(openSSHPublicKey: key)
        let blob = line.split(separator: " ").dropFirst().first.flatMap { Data(base64Encoded: String($0)) } ?? Data()
        let digest = Data(SHA256.hash(data: blob)).base64EncodedString()
        return "SHA256:" + digest.replacingOccurrences(of: "=", with: "")
    }
}

/// ServeError: why `linkterm serve` cannot start, each naming what was wrong.
public enum ServeError: Error, CustomStringConvertible {
    /// The host key file at the path has the problem.
    case hostKey(String, String)
    /// The authorized keys file at the path has the problem.
    case authorizedKeys(String, String)
    /// The server could not listen where asked.
    case listen(String, String)

    /// The message, naming the option and the file.
    public var description: String {
        switch self {
        case .hostKey(let path, let problem): "--host-key \(path): \(problem)"
        case .authorizedKeys(let path, let problem): "--authorized-keys \(path): \(problem)"
        case .listen(let address, let problem): "--listen \(address): \(problem)"
        }
    }
}

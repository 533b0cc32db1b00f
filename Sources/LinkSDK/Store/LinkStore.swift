import Foundation
import LinkCore

/// LinkStore: the connected integrations, kept in a file standing in for the iOS keychain: a
/// folder only its owner can open (0700) holding `access-tokens.json` (0600), the JSON array of
/// ``AccessTokenPayload``s. Every save replaces the file atomically (``AtomicFile``), so a crash
/// leaves the old store or the new one, never half of one. No two entries share an id. Two
/// processes sharing a folder both keep what they save: a save takes the folder's lock and
/// merges its changes into the file as it is then (see ``saveAccessTokens()``).
///
/// `LinkStore()` uses `$LINKTERM_MESH_STORE`, else `$XDG_DATA_HOME/linkterm/mesh-store`, else
/// `~/.local/share/linkterm/mesh-store`; `LinkStore(folder:)` a folder of the host's choosing
/// (`--mesh-store DIR`). A store that cannot be read or written says why in ``problem`` (the
/// protocol's methods cannot throw): a file that is not a store is set aside, never overwritten.
public final class LinkStore: LinkStoring {
    /// The connected integrations.
    public var accessTokens: [AccessTokenPayload]
    /// The folder holding the store.
    public let folder: String
    /// The last thing that went wrong reading or writing the store, if anything did.
    public private(set) var problem: String?

    /// The store file's name in its folder.
    public static let fileName = "access-tokens.json"

    /// The store in the default folder.
    public convenience init() {
        self.init(folder: Self.defaultFolder)
    }

    /// The store in `folder` (created 0700 on the first save). A folder or file others may
    /// open (see ``exposure(of:)``) is not used: ``problem`` says why, the store starts empty and
    /// saves nothing.
    public init(folder: String) {
        self.folder = folder
        accessTokens = []
        if let exposure = Self.exposure(of: folder) {
            refusal = exposure
            problem = exposure
            return
        }
        load()
    }

    /// Why the store is not used (its folder or file open to others), if it is not.
    private var refusal: String?

    /// Why the store in `folder` must not be used, as ssh refuses a key file others can read: the
    /// folder (or its `access-tokens.json`) exists and belongs to another user, or its mode lets
    /// the group or others in (anything but 0700 for the folder, 0600 for the file: the tokens
    /// are credentials). The message names the path, its mode and the `chmod` that fixes it.
    /// `nil` when the store may be used (also when the folder does not exist yet).
    public static func exposure(of folder: String) -> String? {
        let file = (folder as NSString).appendingPathComponent(fileName)
        for (path, isFolder) in [(folder, true), (file, false)] {
            var status = stat()
            // (a folder that is no folder is said by the save: "is not a folder")
            guard stat(path, &status) == 0, !isFolder || status.st_mode & S_IFMT == S_IFDIR else { continue }
            let mode = status.st_mode & 0o7777
            if status.st_uid != geteuid() {
                return "the Mesh store's \(isFolder ? "folder" : "file") \(path) belongs to user \(status.st_uid), not to you "
                    + "(user \(geteuid())): the access tokens must be yours alone; give another --mesh-store folder"
            }
            if mode & 0o077 != 0 {
                return "the Mesh store's \(isFolder ? "folder" : "file") \(path) has mode \(String(format: "%04o", mode)): "
                    + "the group or others may read or change the access tokens; make it yours alone "
                    + "(chmod \(isFolder ? "700" : "600") \(path)) or give another folder"
            }
        }
        return nil
    }

    /// The store file's path.
    public var path: String { (folder as NSString).appendingPathComponent(Self.fileName) }

    /// The default folder: `$LINKTERM_MESH_STORE`, `$XDG_DATA_HOME/linkterm/mesh-store`, or
    /// `~/.local/share/linkterm/mesh-store`.
    public static var defaultFolder: String {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["LINKTERM_MESH_STORE"], !folder.isEmpty { return folder }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".local/share")
        return (data as NSString).appendingPathComponent("linkterm/mesh-store")
    }

    public func add(accessToken: AccessTokenPayload) {
        let id = accessToken.id
        if let index = accessTokens.firstIndex(where: { $0.id == id }) {
            accessTokens[index] = accessToken
        } else {
            accessTokens.append(accessToken)
        }
        saveAccessTokens()
    }

    public func remove(accessToken: AccessTokenPayload) {
        let id = accessToken.id
        accessTokens.removeAll { $0.id == id }
        saveAccessTokens()
    }

    /// Saves the integrations, merged with what other processes saved since this store was read:
    /// under the store's lock (``FileLock``, `access-tokens.json.lock` in the folder) the file is
    /// read again, and an entry this store added, changed or removed since it last read or
    /// saved the file wins; every other entry is kept as the file has it (another session's
    /// connection is not lost). A lock held longer than ``FileLock/waitSeconds`` fails the save:
    /// ``problem`` names the lock file, and the file is left as it was.
    public func saveAccessTokens() {
        if let refusal {
            problem = refusal
            return
        }
        do {
            try makeFolder()
            var setAside: String?
            try FileLock.withLock(of: path) {
                AtomicFile.removeLeftovers(of: path)
                let onDisk: [AccessTokenPayload]
                switch read() {
                case .missing: onDisk = []
                case .tokens(let tokens): onDisk = tokens
                case .unreadable(let message): throw StoreError(message)
                case .notAStore(let message):
                    setAside = message
                    onDisk = []
                }
                let merged = merge(theirs: onDisk)
                let data = try Self.encoder.encode(merged)
                try AtomicFile.replace(path, with: Array(data))
                accessTokens = merged
                remember(merged)
            }
            problem = setAside
        } catch {
            problem = "the Mesh store \(path) could not be saved: \(error)"
        }
    }

    /// The entries as this store last read or saved them (their JSON), by id: what the merge
    /// compares with to tell this store's changes from another's.
    private var base: [String: Data] = [:]

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private func remember(_ tokens: [AccessTokenPayload]) {
        base = [:]
        for token in tokens { base[token.id] = try? Self.encoder.encode(token) }
    }

    /// Whether this store's `token` differs from what it last read or saved (a new entry does).
    private func changedHere(_ token: AccessTokenPayload) -> Bool {
        guard let before = base[token.id] else { return true }
        return (try? Self.encoder.encode(token)) != before
    }

    /// This store's entries (de-duplicated by id, the last kept: a host may have appended to
    /// ``accessTokens``) merged into `theirs`, the file as it is now: in the file's order, an
    /// entry changed here replacing the file's, one removed here left out, the file's others
    /// kept; then the entries new here. An entry unchanged here that the file no longer holds
    /// was removed by another session and stays removed.
    private func merge(theirs: [AccessTokenPayload]) -> [AccessTokenPayload] {
        var seenHere: Set<String> = []
        let ours = Array(accessTokens.reversed().filter { seenHere.insert($0.id).inserted }.reversed())
        var oursByID: [String: AccessTokenPayload] = [:]
        for token in ours { oursByID[token.id] = token }
        var merged: [AccessTokenPayload] = []
        var placed: Set<String> = []
        for token in theirs where placed.insert(token.id).inserted {
            if let mine = oursByID[token.id] {
                merged.append(changedHere(mine) ? mine : token)
            } else if base[token.id] == nil {
                merged.append(token)  // another session's
            }  // else removed here
        }
        for token in ours where !placed.contains(token.id) && changedHere(token) {
            merged.append(token)
        }
        return merged
    }

    /// What the store file holds.
    private enum Contents {
        case missing
        case tokens([AccessTokenPayload])
        case unreadable(String)
        case notAStore(String)
    }

    /// Reads the store file; a file that is not one is moved aside (`access-tokens.json.unreadable-TIME`).
    private func read() -> Contents {
        let data: [UInt8]
        do {
            data = try FileReading.read(path, limit: 64 << 20)
        } catch {
            if case .system(ENOENT) = error.kind { return .missing }
            return .unreadable("the Mesh store \(path) cannot be read: \(error.reason)")
        }
        do {
            return .tokens(try JSONDecoder().decode([AccessTokenPayload].self, from: Data(data)))
        } catch {
            let aside = path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
            rename(path, aside)
            return .notAStore("the Mesh store \(path) was not a list of access tokens (\(error)); kept as \(aside), starting empty")
        }
    }

    /// Reads the store at start.
    private func load() {
        switch read() {
        case .missing: break
        case .tokens(let tokens): accessTokens = tokens
        case .unreadable(let message), .notAStore(let message): problem = message
        }
        remember(accessTokens)
    }

    /// Creates the folder (and its parents) if missing; the folder itself 0700.
    private func makeFolder() throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw StoreError("\(folder) is not a folder") }
            return
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    private struct StoreError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

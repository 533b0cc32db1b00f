import Foundation
import LinkKit

/// LinkStore: the connected integrations, kept in a file standing in for the iOS keychain: a
/// folder only its owner can open (0700) holding `access-tokens.json` (0600), the JSON array of
/// ``AccessTokenPayload``s. Every save replaces the file atomically (``AtomicFile``), so a crash
/// leaves the old store or the new one, never half of one. No two entries share an id.
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

    /// The store in `folder` (created 0700 on the first save).
    public init(folder: String) {
        self.folder = folder
        accessTokens = []
        load()
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

    public func saveAccessTokens() {
        do {
            try makeFolder()
            AtomicFile.removeLeftovers(of: path)
            // the entries de-duplicated by id (a host may have appended to accessTokens), last one kept
            var seen: Set<String> = []
            let unique = accessTokens.reversed().filter { seen.insert($0.id).inserted }.reversed()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let data = try encoder.encode(Array(unique))
            try AtomicFile.replace(path, with: Array(data))
            problem = nil
        } catch {
            problem = "the Mesh store \(path) could not be saved: \(error)"
        }
    }

    /// Reads the store; a file that is not one is moved aside (`access-tokens.json.unreadable-TIME`).
    private func load() {
        guard let data = FileManager.default.contents(atPath: path) else {
            if FileManager.default.fileExists(atPath: path) { problem = "the Mesh store \(path) cannot be read" }
            return
        }
        do {
            accessTokens = try JSONDecoder().decode([AccessTokenPayload].self, from: data)
        } catch {
            let aside = path + ".unreadable-\(Int(Date().timeIntervalSince1970))"
            rename(path, aside)
            problem = "the Mesh store \(path) was not a list of access tokens (\(error)); kept as \(aside), starting empty"
        }
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

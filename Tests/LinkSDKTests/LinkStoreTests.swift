import Foundation
import Testing
@testable import LinkSDK

@Suite("LinkStore: a file store standing in for the keychain")
struct LinkStoreTests {
    func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("linkterm-store-\(UUID().uuidString)/store").path
    }

    func payload(_ broker: String, account: String, token: String = "at") throws -> AccessTokenPayload {
        let json = """
        {"accountTokens":[{"account":{"accountId":"\(account)","accountName":"Main"},"accessToken":"\(token)"}],
         "brokerBrandInfo":{"brokerLogo":"logo"},"brokerType":"\(broker)","brokerName":"\(broker.capitalized)"}
        """
        return try JSONDecoder().decode(AccessTokenPayload.self, from: Data(json.utf8))
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("add saves at once; the same id replaces, never duplicates; remove; a new LinkStore reads it back")
    func addRemoveReload() throws {
        let where_ = folder()
        let store = LinkStore(folder: where_)
        #expect(store.accessTokens.isEmpty && store.problem == nil)
        store.add(accessToken: try payload("coinbase", account: "a1", token: "old"))
        store.add(accessToken: try payload("binance", account: "b1"))
        store.add(accessToken: try payload("coinbase", account: "a1", token: "new"))  // same id
        #expect(store.accessTokens.map(\.brokerType) == ["coinbase", "binance"])
        #expect(LinkStore(folder: where_).accessTokens.map { $0.accountTokens[0].accessToken } == ["new", "at"])
        store.remove(accessToken: try payload("binance", account: "b1", token: "whatever"))
        let reread = LinkStore(folder: where_)
        #expect(reread.accessTokens.map(\.brokerType) == ["coinbase"])
        #expect(reread.problem == nil)
    }

    @Test("the folder is 0700 and the file 0600; a host's duplicate appends are folded on save; no temporary file is left")
    func permissionsAndDuplicates() throws {
        let where_ = folder()
        let store = LinkStore(folder: where_)
        let entry = try payload("kraken", account: "k1")
        store.accessTokens = [entry, entry, entry]
        store.saveAccessTokens()
        #expect(try mode(where_) & 0o777 == 0o700)
        #expect(try mode(store.path) & 0o777 == 0o600)
        #expect(LinkStore(folder: where_).accessTokens.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: where_).sorted() == [LinkStore.fileName, LinkStore.fileName + ".lock"])
    }

    @Test("a file that is not a store is set aside with the reason, never overwritten; a leftover temporary file is cleared")
    func unreadableAndLeftovers() throws {
        let where_ = folder()
        try FileManager.default.createDirectory(atPath: where_, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = (where_ as NSString).appendingPathComponent(LinkStore.fileName)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o600)  // the store's own mode: one others may read is refused (exposedFolder)
        // what a process killed in the middle of a save leaves (its pid is gone)
        try Data("half".utf8).write(to: URL(fileURLWithPath: (where_ as NSString).appendingPathComponent(".\(LinkStore.fileName).tmp-999999-1")))
        let store = LinkStore(folder: where_)
        #expect(store.accessTokens.isEmpty)
        #expect(store.problem?.contains("was not a list of access tokens") == true)
        store.add(accessToken: try payload("gemini", account: "g1"))
        let names = try FileManager.default.contentsOfDirectory(atPath: where_).sorted().filter { !$0.hasSuffix(".lock") }
        #expect(names.count == 2 && names[0] == LinkStore.fileName && names[1].hasPrefix(LinkStore.fileName + ".unreadable-"), "\(names)")
        #expect(String(decoding: FileManager.default.contents(atPath: (where_ as NSString).appendingPathComponent(names[1])) ?? Data(), as: UTF8.self) == "not json")
    }

    @Test("a store that cannot be written says so and keeps the entries in memory")
    func unwritable() throws {
        let file = folder()
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))  // the "folder" is a file
        let store = LinkStore(folder: file)
        store.add(accessToken: try payload("okx", account: "o1"))
        #expect(store.accessTokens.count == 1)
        #expect(store.problem?.contains("could not be saved") == true, "\(store.problem ?? "no problem")")
    }

    @Test("two stores on one folder, each read before the other saved: both keep what they added; a removal, and a change, made in one are kept")
    func twoStoresMerge() throws {
        let where_ = folder()
        let seed = LinkStore(folder: where_)
        seed.add(accessToken: try payload("kraken", account: "k1", token: "k-old"))
        seed.add(accessToken: try payload("okx", account: "o1"))
        let first = LinkStore(folder: where_)
        let second = LinkStore(folder: where_)
        first.add(accessToken: try payload("coinbase", account: "c1"))
        second.add(accessToken: try payload("binance", account: "b1"))  // read before first's save
        #expect(LinkStore(folder: where_).accessTokens.map(\.brokerType) == ["kraken", "okx", "coinbase", "binance"])
        first.remove(accessToken: try payload("okx", account: "o1"))
        second.add(accessToken: try payload("kraken", account: "k1", token: "k-new"))  // second still holds okx, unchanged
        let merged = LinkStore(folder: where_).accessTokens
        #expect(merged.map(\.brokerType) == ["kraken", "coinbase", "binance"])
        #expect(merged[0].accountTokens[0].accessToken == "k-new")
        #expect(second.accessTokens.map(\.brokerType) == ["kraken", "coinbase", "binance"], "a save reads the others' back")
        #expect(first.problem == nil && second.problem == nil)
    }

    @Test("a folder or file others may open is not used: the problem names it, its mode and the chmod; nothing is read or written")
    func exposedFolder() throws {
        let where_ = folder()
        try FileManager.default.createDirectory(atPath: where_, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let seed = LinkStore(folder: where_)
        seed.add(accessToken: try payload("kraken", account: "k1"))
        chmod(where_, 0o777)
        let store = LinkStore(folder: where_)
        #expect(store.accessTokens.isEmpty)
        #expect(store.problem == "the Mesh store's folder \(where_) has mode 0777: the group or others may read or change the access tokens; make it yours alone (chmod 700 \(where_)) or give another folder")
        store.add(accessToken: try payload("okx", account: "o1"))
        chmod(where_, 0o700)
        #expect(LinkStore(folder: where_).accessTokens.map(\.brokerType) == ["kraken"])
        chmod(seed.path, 0o640)
        #expect(LinkStore.exposure(of: where_)?.contains("file \(seed.path) has mode 0640") == true)
    }
}

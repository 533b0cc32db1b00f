// The seed document's two LinkStore lines (README, "V1 -> V2 migration guide"), compiled against
// LinkSDK's public API with a plain import.
import Foundation
import Testing
import LinkSDK

@Suite("The seed's LinkStore sample compiles as an app would write it")
struct SeedStoreSampleTests {
    @Test("let linkStore = LinkStore(); let accessTokens = linkStore.accessTokens")
    func readmeStoreSample() throws {
        // LinkStore() reads the default folder: point it at a fresh one, never the user's
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linkterm-seed-store-\(UUID().uuidString)").path
        setenv("LINKTERM_MESH_STORE", folder, 1)
        defer { unsetenv("LINKTERM_MESH_STORE") }

        // Seed sample, as written.
        let linkStore = LinkStore()
        let accessTokens = linkStore.accessTokens

        #expect(accessTokens.isEmpty)
        #expect(linkStore.folder == folder)
    }
}

// The seed document's two LinkStore lines (README, "V1 -> V2 migration guide"), compiled against
// LinkSDK's public API.
//
// LEFT OUT OF THE BUILD until LinkStore exists (Sources/LinkSDK/Store/LinkStore.swift, written
// separately): LINKSDK_HAS_LINKSTORE is never defined. Once LinkStore is in, delete the `#if` and
// the `#endif` below.
#if LINKSDK_HAS_LINKSTORE
import Testing
import LinkSDK

@Suite("The seed's LinkStore sample compiles as an app would write it")
struct SeedStoreSampleTests {
    @Test("let linkStore = LinkStore(); let accessTokens = linkStore.accessTokens")
    func readmeStoreSample() {
        // Seed sample, as written.
        let linkStore = LinkStore()
        let accessTokens = linkStore.accessTokens

        _ = accessTokens
    }
}
#endif

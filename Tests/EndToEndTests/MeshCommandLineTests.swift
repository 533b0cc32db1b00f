import Foundation
import Testing

/// `linkterm --flavor mesh`'s refusals, before any screen and without a terminal. (Mesh Connect in a
/// terminal, typed into, is Tests/pty/test_mesh_interactive.py's.)
@Suite("Mesh Connect refuses what it cannot use")
struct MeshCommandLineTests {
    @Test("createHandler refuses the token: its message, exit 2, no screen; options Mesh does not take yet are named")
    func refusals() throws {
        let invalid = try runLinkterm(["--flavor", "mesh", "--token", "==="])
        #expect(invalid.status == 2 && invalid.stderr == "linkterm: --token: Invalid linkToken\n")
        let institutions = try runLinkterm(["--flavor", "mesh", "--institutions", "x.txt"])
        #expect(institutions.status == 2 && institutions.stderr.contains("--institutions does not go with --flavor mesh yet"))
        let transfer = try runLinkterm(["--transfer"])
        #expect(transfer.status == 2 && transfer.stderr.contains("--transfer goes with --flavor mesh"))
        let store = try runLinkterm(["--mesh-store", "/tmp"])
        #expect(store.status == 2 && store.stderr.contains("--mesh-store goes with --flavor mesh"))
    }
}

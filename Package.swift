// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "linkterm",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LinkKit", targets: ["LinkKit"]),
        .library(name: "LinkUI", targets: ["LinkUI"]),
        // Mesh Connect's iOS LinkSDK v2 API, under Mesh's own module name
        .library(name: "LinkSDK", targets: ["LinkSDK"]),
        .executable(name: "linkterm", targets: ["linkterm"]),
        // the SSH server that `linkterm serve` execs (installed beside linkterm)
        .executable(name: "linkterm-serve", targets: ["linkterm-serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `linkterm serve`: an SSH server (Sources/LinkServe)
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        .target(
            name: "CNcurses",
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        // the byte-scanning loops of the directory reader and the search, sixteen bytes at a time
        .target(name: "CScan"),
        // the runtime both flavors share: the engine contract and driver, clocks, the timeline, the
        // scenario-file skeleton and walk, encoding and output files, secrets, untrusted text
        .target(name: "LinkCore"),
        // Plaid: its engine, wire model, sandbox, search, scenarios and SDK surface
        .target(name: "LinkKit", dependencies: ["LinkCore", "CScan"]),
        // the terminal UI of both flavors; Mesh's public host (TerminalLinkHost) presents LinkSDK's handler
        .target(name: "LinkUI", dependencies: ["CNcurses", "LinkCore", "LinkKit", "LinkSDK"]),
        // Mesh Connect: its engine, sandbox, scenarios and SDK surface (Mesh's iOS LinkSDK v2 API)
        .target(name: "LinkSDK", dependencies: ["LinkCore"]),
        // `linkterm serve`: each SSH visitor gets a linkterm session of their own on a pty
        .target(name: "CPty"),
        // what `linkterm serve` checks and hands to the server, without SwiftNIO (linkterm links it)
        .target(name: "LinkServeSettings"),
        .target(
            name: "LinkServe",
            dependencies: [
                "CPty",
                "LinkCore",
                "LinkServeSettings",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .executableTarget(
            name: "linkterm",
            dependencies: [
                "LinkKit",
                "LinkUI",
                "LinkSDK",
                // not LinkServe: linkterm starts without SwiftNIO and BoringSSL; `serve` checks its
                // options, then execs linkterm-serve
                "LinkServeSettings",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `linkterm serve`'s SSH server: each SSH visitor gets a linkterm session of their own on a pty
        .executableTarget(name: "linkterm-serve", dependencies: ["LinkServe", "LinkCore"]),
        // helpers shared by the test targets
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LinkKitTests", dependencies: ["LinkKit", "LinkSDK", "TestSupport"]),
        .testTarget(name: "LinkUITests", dependencies: ["LinkUI", "LinkKit", "LinkSDK", "CNcurses"], exclude: ["Snapshots"]),
        .testTarget(name: "LinkSDKTests", dependencies: ["LinkSDK", "TestSupport"]),
        .testTarget(name: "LinkServeTests", dependencies: ["LinkServe", .product(name: "NIOSSH", package: "swift-nio-ssh"),
                                                         .product(name: "NIOCore", package: "swift-nio")]),
        // a program that embeds linkterm as Plaid's iOS quick start embeds LinkKit (driven by Tests/pty/test_example.py)
        .executableTarget(name: "QuickStart", dependencies: ["LinkKit", "LinkUI"], path: "Examples/QuickStart"),
        // an app that places Embedded Institution Search in its own screen (Tests/pty/test_example.py)
        // a program that embeds Mesh Link as Mesh's iOS README embeds LinkSDK (driven by Tests/pty/test_example.py)
        .executableTarget(name: "MeshQuickStart", dependencies: ["LinkSDK", "LinkUI"], path: "Examples/MeshQuickStart"),
        .executableTarget(name: "EmbeddedSearch", dependencies: ["LinkKit", "LinkUI"], path: "Examples/EmbeddedSearch"),
        // saves a LinkStore in a loop, for the test that kills it mid-save (Tests/pty/test_mesh_store.py)
        .executableTarget(name: "StoreWriter", dependencies: ["LinkSDK"], path: "Tests/StoreWriter"),
        .testTarget(name: "EndToEndTests", dependencies: ["LinkKit", "LinkSDK", "linkterm", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "reader",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ReaderCore", targets: ["ReaderCore"]),
        .library(name: "ReaderEngine", targets: ["ReaderEngine", "ReaderTXT", "ReaderMarkdown", "ReaderCore"]),
        .executable(name: "reader", targets: ["ReaderCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // C shims: a module map and a header, nothing else.
        .systemLibrary(
            name: "CUchardet", pkgConfig: "uchardet",
            providers: [.apt(["libuchardet-dev"])]),
        .systemLibrary(
            name: "CCMarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),

        // The format-agnostic core: model, sniffing, capabilities, Locator, fingerprint, layout.
        .target(
            name: "ReaderCore",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]),

        // One module per backend.
        .target(name: "ReaderTXT", dependencies: ["ReaderCore", "CUchardet"]),
        .target(
            name: "ReaderMarkdown",
            dependencies: ["ReaderCore", "CCMarkGFM", .product(name: "Yams", package: "Yams")]),

        // The dispatcher: registers the backends.
        .target(name: "ReaderEngine", dependencies: ["ReaderCore", "ReaderTXT", "ReaderMarkdown"]),

        .executableTarget(
            name: "ReaderCLI",
            dependencies: ["ReaderEngine", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // Helpers every test target shares: seeded randomness, where the corpus is, temp folders.
        .target(name: "ReaderTestSupport", dependencies: ["ReaderCore"], path: "Tests/ReaderTestSupport"),
        .testTarget(name: "ReaderCoreTests", dependencies: ["ReaderCore", "ReaderTestSupport"]),
        .testTarget(name: "ReaderTXTTests", dependencies: ["ReaderTXT", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(name: "ReaderMarkdownTests", dependencies: ["ReaderMarkdown", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderEngineTests",
            dependencies: ["ReaderEngine", "ReaderCore", "ReaderTXT", "ReaderMarkdown", "ReaderTestSupport"],
            exclude: ["Golden"]),
    ]
)

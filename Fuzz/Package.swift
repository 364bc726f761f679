// swift-tools-version:5.4
// libFuzzer targets for the EPUB, PDF and MOBI paths, the zip writer, web pages, feeds, OPDS and
// Markdown, built only by Fuzz/run.sh (with
// -sanitize=fuzzer), never by the root package's `swift build`/`swift test` or by CI: see
// Fuzz/README.md.
//
// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point to
// `<module>_main` and links `main` to it, which leaves no room for libFuzzer's own `main`.
import PackageDescription

let package = Package(
    name: "reader-fuzz",
    products: [
        .executable(name: "epub-archive", targets: ["EPUBArchiveFuzzer"]),
        .executable(name: "epub-markup", targets: ["EPUBMarkupFuzzer"]),
        .executable(name: "epub-cfi", targets: ["EPUBCFIFuzzer"]),
        .executable(name: "pdf-document", targets: ["PDFDocumentFuzzer"]),
        .executable(name: "mobi-records", targets: ["MOBIRecordsFuzzer"]),
        .executable(name: "mobi-document", targets: ["MOBIDocumentFuzzer"]),
        .executable(name: "zip-writer", targets: ["ZipWriterFuzzer"]),
        .executable(name: "web-article", targets: ["WebArticleFuzzer"]),
        .executable(name: "feed", targets: ["FeedFuzzer"]),
        .executable(name: "opds", targets: ["OPDSFuzzer"]),
        .executable(name: "markdown-front-matter", targets: ["MarkdownFrontMatterFuzzer"]),
    ],
    dependencies: [
        .package(name: "reader", path: ".."),
    ],
    targets: [
        // What the targets share: a stored-zip writer, a scratch file, the walk over a Document.
        .target(name: "FuzzSupport", dependencies: [.product(name: "ReaderEngine", package: "reader")]),
        .executableTarget(
            name: "EPUBArchiveFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        .executableTarget(
            name: "EPUBMarkupFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        .executableTarget(
            name: "EPUBCFIFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        .executableTarget(
            name: "PDFDocumentFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        // The MOBI targets also reach ReaderMOBI's record-level parsers through its
        // `@_spi(Fuzzing)` entry points (`MOBIFuzzEntryPoints`), which are not public API.
        .executableTarget(
            name: "MOBIRecordsFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        .executableTarget(
            name: "MOBIDocumentFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        // The modules of issue 22: the zip writer read back, web pages, feeds, OPDS catalogs,
        // Markdown front matter. Public API only.
        .executableTarget(
            name: "ZipWriterFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        .executableTarget(
            name: "WebArticleFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        .executableTarget(
            name: "FeedFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        .executableTarget(
            name: "OPDSFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
        .executableTarget(
            name: "MarkdownFrontMatterFuzzer",
            dependencies: ["FuzzSupport", .product(name: "ReaderEngine", package: "reader")]),
    ]
)

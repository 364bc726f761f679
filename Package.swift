// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "reader",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ReaderCore", targets: ["ReaderCore"]),
        .library(
            name: "ReaderEngine",
            targets: [
                "ReaderEngine", "ReaderTXT", "ReaderMarkdown", "ReaderEPUB", "ReaderPDF", "ReaderMOBI", "ReaderHTML",
                "ReaderWeb",
                "ReaderXML", "ReaderZip", "ReaderAnchoring", "ReaderSearch", "ReaderSearchIndex", "ReaderRendering",
                "ReaderCore", "ReaderExport", "ReaderFeeds", "ReaderOPDS",
            ]),
        .library(name: "ReaderTransforms", targets: ["ReaderTransforms"]),
        .executable(name: "reader", targets: ["ReaderCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `swift package generate-documentation` for the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C shims: a module map and a header, nothing else.
        .systemLibrary(
            name: "CUchardet", pkgConfig: "uchardet",
            providers: [.apt(["libuchardet-dev"])]),
        .systemLibrary(
            name: "CCMarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // Loading a library with dlopen on first use: what the shims below share.
        .target(name: "CLoadOnDemand"),
        // Byte scans in bulk (SSE2, AVX2 when the processor has it, plain C elsewhere): the line breaks
        // of a text as a bitmap, and the places a literal search may match.
        .target(name: "CByteScan"),
        // libzip linked, for ReaderZipTests, which write their test archives with it.
        .systemLibrary(name: "CLibZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // The libzip functions ReaderZip reads archives with, loaded with dlopen when the first archive
        // opens rather than linked (with OpenSSL's libcrypto, bzip2, xz and zstd, loaded in every run).
        .target(name: "CLibZipOnDemand", dependencies: ["CLoadOnDemand"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Raw deflate for the zip writer: whole buffers, twice as fast as zlib at the same level.
        .systemLibrary(name: "CLibDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // The OpenCC functions ReaderTransforms converts with, loaded with dlopen when the first converter
        // opens rather than linked (OpenCC and marisa-trie, C++ libraries loaded in every run).
        .target(name: "COpenCCOnDemand", dependencies: ["CLoadOnDemand"]),
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        // libavif linked, for ReaderExportTests, which encode their AVIF test pictures with it.
        .systemLibrary(name: "CAVIF", pkgConfig: "libavif", providers: [.apt(["libavif-dev"])]),
        // The libavif decoder functions the EPUB export calls on AVIF pictures in web articles, loaded
        // with dlopen on the first such picture rather than linked (its codecs are some twenty shared
        // objects, loaded in every run of every command).
        .target(name: "CAVIFOnDemand", dependencies: ["CLoadOnDemand"]),
        .systemLibrary(
            name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // libjpeg and libpng calls that can fail, behind setjmp in C: their errors come back as codes, never a longjmp into Swift.
        .target(name: "CImageCodecs", dependencies: ["CLibJPEG", "CLibPNG"]),
        // The poppler-glib, GLib and cairo functions ReaderPDF calls, loaded with dlopen when the
        // first PDF opens rather than linked (they would add some 4 ms to every run).
        .target(name: "CPopplerGlib", dependencies: ["CLoadOnDemand"]),
        .systemLibrary(
            name: "CPopplerCore", pkgConfig: "poppler",
            providers: [.apt(["libpoppler-private-dev"])]),
        // C++ on poppler's core: a page's text, boxes and fonts in one walk (C interface).
        .target(name: "CPopplerText", dependencies: ["CPopplerCore"],
                // lcms2: optimized colour transforms for ICC-tagged images (RPTSplashOutputDev).
                linkerSettings: [.linkedLibrary("lcms2")]),

        // The format-agnostic core: model, sniffing, capabilities, Locator, fingerprint, layout.
        .target(
            name: "ReaderCore",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]),

        // Zip archives: read through libzip with caps and hostile-name rules; written
        // deterministically with a writer of its own on libdeflate.
        .target(name: "ReaderZip", dependencies: ["ReaderCore", "CLibZipOnDemand", "CLibDeflate"]),
        // libxml2 behind a safe Swift layer: XML and HTML trees, no network, no entity expansion.
        .target(name: "ReaderXML", dependencies: ["CLibXML2"]),
        // (X)HTML content to blocks with a source map and CFI paths; shared by EPUB and MOBI/AZW3.
        .target(name: "ReaderHTML", dependencies: ["ReaderCore", "ReaderXML"]),

        // One module per backend.
        .target(name: "ReaderTXT", dependencies: ["ReaderCore", "CUchardet", "CByteScan"]),
        .target(
            name: "ReaderMarkdown",
            dependencies: ["ReaderCore", "CCMarkGFM", .product(name: "Yams", package: "Yams")]),
        .target(name: "ReaderEPUB", dependencies: ["ReaderCore", "ReaderXML", "ReaderHTML", "ReaderZip"]),
        .target(name: "ReaderPDF", dependencies: ["ReaderCore", "ReaderXML", "ReaderImaging", "CPopplerGlib", "CPopplerText"]),
        // Web feeds (RSS, RDF, Atom, JSON Feed): a feed model of their own, and feeds as documents.
        .target(name: "ReaderFeeds", dependencies: ["ReaderCore", "ReaderXML", "ReaderHTML"]),
        // OPDS 1.2 (Atom) and 2.0 (JSON) catalogs: pages, publications, facets, search; a client over a transport.
        .target(name: "ReaderOPDS", dependencies: ["ReaderCore", "ReaderXML", "ReaderFeeds"]),
        // MOBI 6 and KF8 (AZW3) in Swift alone: the PDB container, decompression, KF8 indices.
        .target(name: "ReaderMOBI", dependencies: ["ReaderCore", "ReaderXML", "ReaderHTML"]),

        // Saved web pages: article extraction (reading mode), page metadata, the article Markdown writer.
        .target(name: "ReaderWeb", dependencies: ["ReaderCore", "ReaderXML", "ReaderHTML", "ReaderTXT", "ReaderRendering"]),

        // Re-anchoring: a Locator found in another edition by its text context, fuzzily.
        .target(name: "ReaderAnchoring", dependencies: ["ReaderCore"]),

        // The dispatcher: registers the backends.
        .target(
            name: "ReaderEngine",
            dependencies: ["ReaderCore", "ReaderTXT", "ReaderMarkdown", "ReaderEPUB", "ReaderPDF", "ReaderMOBI", "ReaderAnchoring",
                           "ReaderWeb", "ReaderFeeds"]),

        // Markdown and sanitized HTML renderings of any Document's blocks and inline runs.
        .target(name: "ReaderRendering", dependencies: ["ReaderCore"]),

        // EPUB 3 export of any Document, through the public model alone (WebP pictures to PNG with libwebp).
        .target(name: "ReaderExport", dependencies: ["ReaderCore", "ReaderRendering", "ReaderZip", "CWebP", "CAVIFOnDemand", "CZlib"]),

        // Pictures decoded (JPEG, PNG, WebP) within limits, reduced with a box filter and encoded as JPEG: thumbnails.
        .target(name: "ReaderImaging", dependencies: ["CImageCodecs", "CWebP"]),

        // Full-text search over any Document, through the public model alone.
        .target(name: "ReaderSearch", dependencies: ["ReaderCore", "CByteScan"]),
        // A per-book SQLite FTS5 (trigram) index that narrows a search to the sections that can match.
        .target(
            name: "ReaderSearchIndex",
            dependencies: ["ReaderSearch", "ReaderCore", .product(name: "GRDB", package: "GRDB.swift")]),

        // Text transforms (replacement rules, OpenCC conversion) over any Document, Locators kept in source coordinates.
        .target(
            name: "ReaderTransforms",
            dependencies: ["ReaderCore", "COpenCCOnDemand", .product(name: "Crypto", package: "swift-crypto")]),
        // The personal library: books, reading state, annotations, backup; SQLite through GRDB behind a storage protocol.
        .target(
            name: "ReaderLibrary",
            dependencies: [
                "ReaderEngine", "ReaderCore", "ReaderAnchoring", "ReaderSearch", "ReaderSearchIndex",
                .product(name: "GRDB", package: "GRDB.swift"),
                // WebDAV backups; not Foundation's URLSession, whose libcurl (and its two dozen
                // libraries) would be loaded at the start of every `reader` command.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),

        // HTTP fetching on AsyncHTTPClient: bounded redirects, gzip/deflate, deadlines, size caps, conditional GET,
        // retries with backoff, a few requests at once per host.
        .target(
            name: "ReaderFetch",
            dependencies: [
                "ReaderCore", .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // Over the network: web pages fetched into articles, feeds synced into a Markdown folder, OPDS catalogs over HTTP.
        .target(
            name: "ReaderSync",
            dependencies: ["ReaderFetch", "ReaderWeb", "ReaderFeeds", "ReaderOPDS", "ReaderXML", "ReaderCore",
                           .product(name: "GRDB", package: "GRDB.swift")]),
        // The library store on PostgreSQL (postgres-nio), for several `reader serve` instances sharing one state.
        .target(
            name: "ReaderLibraryPostgres",
            dependencies: ["ReaderLibrary", "ReaderCore", .product(name: "PostgresNIO", package: "postgres-nio")]),

        // `reader serve`: a folder or the library over HTTP (article viewer API, engine API, OPDS, KOSync, web app).
        .target(
            name: "ReaderServer",
            dependencies: [
                "ReaderEngine", "ReaderCore", "ReaderLibrary", "ReaderRendering",
                "ReaderExport",  // the OPDS catalog's EPUB exports
                "ReaderImaging",  // the OPDS catalog's thumbnails
                "ReaderSearch", "ReaderAnchoring",
                "ReaderTransforms",  // a library book's stored transforms
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "Yams", package: "Yams"),
            ]),

        // `reader read`: the terminal reader's state machine, pure screen renderer, key decoder and
        // terminal driver; the signal handlers that give the terminal back are in C (async-signal-safe).
        .target(name: "CTerminalGuard"),
        .target(
            name: "ReaderTerminal",
            dependencies: ["ReaderEngine", "ReaderCore", "ReaderAnchoring", "ReaderSearch", "ReaderLibrary", "ReaderRendering",
                           "ReaderTransforms", "ReaderImaging", "CTerminalGuard"]),

        .executableTarget(
            name: "ReaderCLI",
            dependencies: [
                "ReaderEngine", "ReaderAnchoring", "ReaderSearch", "ReaderSearchIndex", "ReaderRendering", "ReaderExport",
                "ReaderTransforms", "ReaderWeb", "ReaderLibrary", "ReaderOPDS", "ReaderServer", "ReaderLibraryPostgres",
                "ReaderTerminal", "ReaderFetch", "ReaderSync",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Start-up time, paid by every command: lld packs the executable's 160,000 relative
            // relocations into a few thousand words (DT_RELR, glibc 2.36), and the executable's own
            // 59,000 symbols stay out of the dynamic symbol table (no library or dlsym looks them up;
            // the Swift runtime's dladdr at start walks that table).
            linkerSettings: [
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                              "-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux])),
            ]),

        // Timing figures that need a large generated book, printed for Benchmarks/reanchoring.sh.
        .executableTarget(
            name: "ReanchoringBenchmark", dependencies: ["ReaderEngine", "ReaderAnchoring", "ReaderCore", "ReaderTestSupport"],
            path: "Benchmarks/ReanchoringBenchmark"),

        // Article extraction quality (F1 against Readability's expected output) and speed, for Benchmarks/web-extraction.sh.
        .executableTarget(
            name: "WebExtractionBenchmark", dependencies: ["ReaderWeb", "ReaderCore"],
            path: "Benchmarks/WebExtractionBenchmark"),
        // Feed parsing throughput, for Benchmarks/feeds.sh.
        .executableTarget(name: "FeedBenchmark", dependencies: ["ReaderFeeds"], path: "Benchmarks/FeedBenchmark"),

        // Test targets mirror the library targets; ReaderCLITests runs the built `reader`.
        // Helpers every test target shares: seeded randomness, where the corpus is, temp folders.
        .target(name: "ReaderTestSupport", dependencies: ["ReaderCore", "ReaderAnchoring"], path: "Tests/ReaderTestSupport"),
        .testTarget(name: "ReaderCoreTests", dependencies: ["ReaderCore", "ReaderTestSupport"], exclude: ["Golden"]),
        .testTarget(name: "ReaderTXTTests", dependencies: ["ReaderTXT", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(name: "ReaderMarkdownTests", dependencies: ["ReaderMarkdown", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(name: "ReaderXMLTests", dependencies: ["ReaderXML", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderZipTests", dependencies: ["ReaderZip", "ReaderCore", "ReaderEngine", "CLibZip", "ReaderTestSupport"]),
        .testTarget(name: "ReaderHTMLTests", dependencies: ["ReaderHTML", "ReaderXML", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderEPUBTests",
            dependencies: ["ReaderEPUB", "ReaderHTML", "ReaderXML", "ReaderZip", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderPDFTests",
            dependencies: ["ReaderPDF", "ReaderCore", "ReaderXML", "ReaderImaging", "ReaderTestSupport", "CPopplerGlib", "CPopplerText"]),
        .testTarget(
            name: "ReaderMOBITests", dependencies: ["ReaderMOBI", "ReaderHTML", "ReaderXML", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(name: "ReaderFeedsTests", dependencies: ["ReaderFeeds", "ReaderXML", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(name: "ReaderOPDSTests", dependencies: ["ReaderOPDS", "ReaderFeeds", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderAnchoringTests", dependencies: ["ReaderAnchoring", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderEngineTests",
            dependencies: [
                "ReaderEngine", "ReaderCore", "ReaderTXT", "ReaderMarkdown", "ReaderEPUB", "ReaderPDF", "ReaderMOBI", "ReaderHTML",
                "ReaderXML", "ReaderAnchoring", "ReaderTestSupport",
                "ReaderWeb", "ReaderFeeds",
                "ReaderImaging",  // the PDF cover, a JPEG, is decoded to compare with its page
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "ReaderRenderingTests",
            dependencies: [
                "ReaderRendering", "ReaderEngine", "ReaderMarkdown", "ReaderHTML", "ReaderXML", "ReaderCore", "ReaderTestSupport",
            ]),
        .testTarget(
            name: "ReaderExportTests",
            dependencies: ["ReaderExport", "ReaderEngine", "ReaderAnchoring", "ReaderZip", "ReaderCore", "ReaderTestSupport", "CWebP", "CAVIF", "CZlib"]),
        .testTarget(name: "ReaderImagingTests", dependencies: ["ReaderImaging", "ReaderEngine", "ReaderCore", "ReaderTestSupport", "CWebP"]),
        .testTarget(
            name: "ReaderSearchTests", dependencies: ["ReaderSearch", "ReaderEngine", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderSearchIndexTests",
            dependencies: [
                "ReaderSearchIndex", "ReaderSearch", "ReaderEngine", "ReaderCore", "ReaderTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "ReaderTransformsTests",
            dependencies: ["ReaderTransforms", "ReaderEngine", "ReaderSearch", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderWebTests",
            dependencies: ["ReaderWeb", "ReaderEngine", "ReaderMarkdown", "ReaderHTML", "ReaderXML", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderLibraryTests",
            dependencies: ["ReaderLibrary", "ReaderEngine", "ReaderCore", "ReaderTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "ReaderLibraryPostgresTests",
            dependencies: ["ReaderLibraryPostgres", "ReaderLibrary", "ReaderEngine", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderServerTests",
            dependencies: [
                "ReaderServer", "ReaderLibrary", "ReaderLibraryPostgres", "ReaderEngine", "ReaderCore", "ReaderTestSupport", "ReaderWeb",
                "ReaderOPDS",  // the OPDS tests browse the served catalog with the engine's own client
                "ReaderImaging", "ReaderZip",  // the OPDS thumbnail tests decode thumbnails and write EPUBs with big covers
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ],
            exclude: ["Schemas"]),
        .testTarget(
            name: "ReaderTerminalTests",
            dependencies: ["ReaderTerminal", "ReaderEngine", "ReaderCore", "ReaderSearch", "ReaderLibrary", "ReaderTransforms",
                           "ReaderTestSupport"]),
        .testTarget(name: "ReaderFetchTests", dependencies: ["ReaderFetch", "ReaderCore", "ReaderTestSupport"]),
        .testTarget(
            name: "ReaderSyncTests",
            dependencies: ["ReaderSync", "ReaderFetch", "ReaderWeb", "ReaderFeeds", "ReaderOPDS", "ReaderCore", "ReaderTestSupport"]),
        // Runs the `reader` executable that `swift build --build-tests` puts beside the test binary,
        // as a user would; it calls nothing in ReaderCLI.
        .testTarget(
            name: "ReaderCLITests",
            dependencies: ["ReaderEngine", "ReaderCore", "ReaderPDF", "ReaderSearch", "ReaderTestSupport", "ReaderTransforms",
                           "ReaderLibrary", "ReaderZip"]),
    ],
    // poppler 22.12's headers need C++17.
    cxxLanguageStandard: .cxx17
)

import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderEngine
import ReaderOPDS
import ReaderTestSupport
import Testing
@testable import ReaderServer

@Suite("OPDS catalog of a folder", .ownThreads)
struct OPDSFolderCatalogTests {
    @Test("the root is a navigation feed in both versions, with every way of browsing")
    func rootFeeds() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path))).test(.router) { client in
            try await client.execute(uri: "/opds", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/atom+xml;profile=opds-catalog;kind=navigation")
                let catalog = try OPDSParser.parse(Array(buffer: response.body), name: "root", baseURL: "http://127.0.0.1/opds")
                #expect(catalog.version == .opds1)
                #expect(catalog.navigation.map(\.title) == ["Recently added", "By title", "By author", "By tag", "By collection"])
                #expect(catalog.navigation.first?.rel == "http://opds-spec.org/sort/new")
                #expect(catalog.navigation.first?.type == "application/atom+xml;profile=opds-catalog;kind=acquisition")
                #expect(catalog.navigation.first?.count == OPDSFixture.books.count)
                #expect(catalog.search == .openSearchDescription("http://127.0.0.1/opds/opensearch.xml"))
            }
            try await client.execute(uri: "/opds/v2", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/opds+json")
                let catalog = try OPDSParser.parse(Array(buffer: response.body), name: "root", baseURL: "http://127.0.0.1/opds/v2")
                #expect(catalog.version == .opds2)
                #expect(catalog.navigation.map(\.title) == ["Recently added", "By title", "By author", "By tag", "By collection"])
                #expect(catalog.search == .template("http://127.0.0.1/opds/v2/search{?query}"))
            }
        }
    }

    @Test("the engine's OPDS client walks from the root to every book and downloads the files byte for byte",
          arguments: ["/opds", "/opds/v2"])
    func walkAndDownload(root: String) async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let engine = ReaderEngine.standard
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path))).test(.live) { client in
            let transport = LoopbackTransport(base: "http://127.0.0.1:\(try #require(client.port))")
            try await offMainPool {
                let opds = OPDSClient(transport: transport)
                let start = try opds.page(at: transport.base + root)
                let byTitle = try #require(start.navigation.first { $0.title == "By title" })
                let pages = try opds.pages(from: byTitle.href)
                #expect(pages.count == 3)  // six books, two a page
                #expect(pages[0].pagination.last == pages[1].pagination.next)
                let publications = pages.flatMap(\.publications)
                #expect(publications.count == OPDSFixture.books.count)
                #expect(publications.map(\.title) == publications.map(\.title).sorted { $0.lowercased() < $1.lowercased() })
                for (_, target) in OPDSFixture.books {
                    let path = fixture.path(target)
                    let fingerprint = try engine.fingerprint(path: path)
                    let publication = try #require(publications.first { $0.id == "urn:reader:book:\(fingerprint.sha256)" },
                                                   "no entry for \(target)")
                    let original = try #require(publication.acquisitions.first { $0.link.title == "Original file" })
                    #expect(original.kind == .openAccess)
                    #expect(original.link.type == engine.registry.descriptor(for: fingerprint.format)?.mediaType)
                    let downloaded = try transport.fetch(original.link.href)
                    #expect(downloaded.bytes == Array(try Data(contentsOf: URL(fileURLWithPath: path))), "bytes of \(target)")
                    let exports = publication.acquisitions.filter { $0.link.type == "application/epub+zip" && $0.link.title != "Original file" }
                    #expect(exports.count == (fingerprint.format == .epub ? 0 : 1), "EPUB export link of \(target)")
                }
            }
        }
    }

    @Test("pagination links, page numbers out of range and unknown books")
    func pagination() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path))).test(.router) { client in
            try await client.execute(uri: "/opds/recent?page=2", method: .get) { response in
                #expect(response.status == .ok)
                let catalog = try OPDSParser.parse(Array(buffer: response.body), name: "recent", baseURL: "http://h/opds/recent")
                #expect(catalog.pagination == OPDSPagination(first: "http://h/opds/recent?page=1", previous: "http://h/opds/recent?page=1",
                                                             next: "http://h/opds/recent?page=3", last: "http://h/opds/recent?page=3"))
                #expect(catalog.totalResults == 6)
                #expect(catalog.itemsPerPage == 2)
                #expect(catalog.startIndex == 3)
                #expect(catalog.publications.count == 2)
            }
            try await client.execute(uri: "/opds/v2/recent?page=3", method: .get) { response in
                let catalog = try OPDSParser.parse(Array(buffer: response.body), name: "recent", baseURL: "http://h/opds/v2/recent")
                #expect(catalog.pagination.next == nil)
                #expect(catalog.pagination.previous == "http://h/opds/v2/recent?page=2")
                #expect(catalog.totalResults == 6)
            }
            for (uri, status) in [("/opds/recent?page=4", HTTPResponse.Status.notFound), ("/opds/recent?page=0", .badRequest),
                                  ("/opds/titles?page=x", .badRequest), ("/opds/authors/Nobody%20At%20All", .notFound),
                                  ("/opds/books/\(String(repeating: "0", count: 64))/file", .notFound),
                                  ("/opds/books/not-an-id/cover", .notFound)] {
                try await client.execute(uri: uri, method: .get) { response in #expect(response.status == status, "\(uri)") }
            }
        }
    }

    @Test("search through the OpenSearch description (OPDS 1.2) and the URI template (OPDS 2.0)")
    func search() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let expected = try ReaderEngine.standard.fingerprint(path: fixture.path("lighthouse-keeper.epub")).sha256
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path))).test(.live) { client in
            let transport = LoopbackTransport(base: "http://127.0.0.1:\(try #require(client.port))")
            try await offMainPool {
                let opds = OPDSClient(transport: transport)
                for root in ["/opds", "/opds/v2"] {
                    let start = try opds.page(at: transport.base + root)
                    let found = try opds.search("LIGHTHOUSE keep", in: start)
                    #expect(found.publications.map(\.id).contains("urn:reader:book:\(expected)"), "\(root)")
                    #expect(found.publications.allSatisfy { $0.title.lowercased().contains("lighthouse") }, "\(root)")
                    #expect(try opds.search("zzznothing", in: start).publications.isEmpty)
                }
                let description = try transport.fetch("/opds/opensearch.xml")
                #expect(description.contentType == "application/opensearchdescription+xml")
            }
        }
    }

    @Test("a file is served with its ETag, one byte range at a time, and a range outside the file is refused")
    func rangesAndETags() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let path = fixture.path("harbour-lights.pdf")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let id = try ReaderEngine.standard.fingerprint(path: path).sha256
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path))).test(.router) { client in
            let uri = "/opds/books/\(id)/file"
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/pdf")
                #expect(response.headers[.eTag] == "\"\(id)\"")
                #expect(response.headers[.acceptRanges] == "bytes")
                #expect(response.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"harbour-lights.pdf\"") == true)
                #expect(Array(buffer: response.body) == bytes)
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=10-19"]) { response in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentRange] == "bytes 10-19/\(bytes.count)")
                #expect(Array(buffer: response.body) == Array(bytes[10...19]))
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=-7"]) { response in
                #expect(response.status == .partialContent)
                #expect(Array(buffer: response.body) == Array(bytes.suffix(7)))
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(bytes.count)-"]) { response in
                #expect(response.status == .rangeNotSatisfiable)
                #expect(response.headers[.contentRange] == "bytes */\(bytes.count)")
            }
            try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"\(id)\""]) { response in
                #expect(response.status == .notModified)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test("a non-EPUB book's EPUB link exports it once into the cache folder; the export opens as the same book")
    func epubExport() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let engine = ReaderEngine.standard
        let source = fixture.path("winter-road.ru.txt")
        let id = try engine.fingerprint(path: source).sha256
        let title = try engine.open(path: source).metadata.title
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path))).test(.router) { client in
            var first: [UInt8] = []
            try await client.execute(uri: "/opds/books/\(id)/epub", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/epub+zip")
                #expect(response.headers[.contentDisposition]?.contains("winter-road.ru.epub") == true)
                first = Array(buffer: response.body)
            }
            let cached = fixture.exports.appendingPathComponent("\(id).epub").path
            #expect(Array(try Data(contentsOf: URL(fileURLWithPath: cached))) == first)
            let exported = try engine.open(path: cached)
            #expect(exported.format == .epub)
            #expect(exported.metadata.title == title)
            try await client.execute(uri: "/opds/books/\(id)/epub", method: .get) { response in
                #expect(Array(buffer: response.body) == first)
            }
            let epubID = try engine.fingerprint(path: fixture.path("lighthouse-keeper.epub")).sha256
            try await client.execute(uri: "/opds/books/\(epubID)/epub", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test("covers are the book's own picture and thumbnails JPEGs; hidden files and symlinks out of the folder are not listed")
    func coversAndScope() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let engine = ReaderEngine.standard
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path)), pageSize: 50).test(.router) { client in
            var catalog = OPDSCatalog(version: .opds1)
            try await client.execute(uri: "/opds/titles", method: .get) { response in
                catalog = try OPDSParser.parse(Array(buffer: response.body), name: "titles", baseURL: "http://h/opds/titles")
            }
            #expect(catalog.publications.count == OPDSFixture.books.count)
            #expect(!catalog.publications.contains { $0.title.lowercased().contains("readme") })
            var covered = 0
            for (_, target) in OPDSFixture.books {
                let document = try engine.open(path: fixture.path(target))
                let cover = try (document as? any CoverProviding)?.coverImage()
                let id = try engine.fingerprint(path: fixture.path(target)).sha256
                let publication = try #require(catalog.publications.first { $0.id == "urn:reader:book:\(id)" })
                guard let cover else {
                    #expect(publication.cover == nil, "\(target)")
                    continue
                }
                covered += 1
                #expect(publication.cover == "http://h/opds/books/\(id)/cover")
                #expect(publication.thumbnail == "http://h/opds/books/\(id)/thumbnail")
                try await client.execute(uri: "/opds/books/\(id)/cover", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == cover.mediaType)
                    #expect(Array(buffer: response.body) == cover.data)
                }
                try await client.execute(uri: "/opds/books/\(id)/thumbnail", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == "image/jpeg")
                    #expect(Array(buffer: response.body).starts(with: [0xFF, 0xD8]))
                }
            }
            #expect(covered >= 2)
        }
    }

    @Test("in folder mode the metadata's subjects are the tags")
    func subjectsAsTags() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let engine = ReaderEngine.standard
        var found = Set<String>()
        for (_, target) in OPDSFixture.books { found.formUnion(try engine.open(path: fixture.path(target)).metadata.subjects) }
        let subjects = found
        try await fixture.application(ServerConfiguration(source: .folder(path: fixture.folder.path))).test(.router) { client in
            try await client.execute(uri: "/opds/v2/tags", method: .get) { response in
                let catalog = try OPDSParser.parse(Array(buffer: response.body), name: "tags", baseURL: "http://h/opds/v2/tags")
                #expect(Set(catalog.navigation.map(\.title)) == subjects)
            }
        }
    }

    @Test("the server's own route list includes the catalog, and /openapi.json describes every OPDS route")
    func registeredAndDescribed() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let server = ReaderServer(configuration: ServerConfiguration(source: .folder(path: fixture.folder.path), port: 0))
        try await server.makeApplication().test(.router) { client in
            try await client.execute(uri: "/opds/v2/titles", method: .get) { response in #expect(response.status == .ok) }
            try await client.execute(uri: "/openapi.json", method: .get) { response in
                let document = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                let paths = Set((document?["paths"] as? [String: Any] ?? [:]).keys)
                for path in ["/opds", "/opds/v2", "/opds/recent", "/opds/v2/titles", "/opds/authors/{name}", "/opds/v2/tags/{name}",
                             "/opds/collections", "/opds/search", "/opds/v2/search", "/opds/opensearch.xml",
                             "/opds/books/{id}/file", "/opds/books/{id}/epub", "/opds/books/{id}/cover",
                             "/opds/books/{id}/thumbnail", "/opds/v2/books/{id}", "/opds/placeholder-cover.png"] {
                    #expect(paths.contains(path), "\(path)")
                }
                let schemas = (document?["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
                #expect(schemas.keys.filter { $0.hasPrefix("OPDS") }.count == 4)
            }
        }
    }
}

@Suite("OPDS catalog of a library", .ownThreads)
struct OPDSLibraryCatalogTests {
    @Test("tags and collections come from the library, authors from its books")
    func tagsAndCollections() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let library = try fixture.library()
        let books = try library.books()
        var ids: [String: String] = [:]
        for suffix in ["lighthouse-keeper.epub", "moon-garden.epub", "winter-road.ru.txt"] {
            let book = try #require(books.first { $0.presentPath?.hasSuffix(suffix) == true })
            ids[suffix] = "urn:reader:book:" + (try #require(DocumentFingerprint(book.fingerprint))).sha256
        }
        let expectedIDs = ids
        @Sendable func id(_ suffix: String) -> String { expectedIDs[suffix] ?? "missing" }
        let expectedAuthors = Set(books.filter { $0.error == nil }.flatMap(\.authors))
        let listed = books.filter { $0.error == nil && $0.presentPath != nil }.count
        try await fixture.application(ServerConfiguration(source: .library(library)), pageSize: 50).test(.router) { client in
            func catalog(_ uri: String) async throws -> OPDSCatalog {
                var result = OPDSCatalog(version: .opds1)
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok, "\(uri)")
                    result = try OPDSParser.parse(Array(buffer: response.body), name: uri, baseURL: "http://h" + uri)
                }
                return result
            }
            for prefix in ["/opds", "/opds/v2"] {
                let tags = try await catalog("\(prefix)/tags")
                #expect(tags.navigation.map(\.title) == ["night shift", "sea"])
                #expect(tags.navigation.map(\.count) == [2, 1])
                let nightShift = try await catalog("\(prefix)/tags/night%20shift")
                #expect(Set(nightShift.publications.compactMap(\.id)) == [id("lighthouse-keeper.epub"), id("moon-garden.epub")])
                let collections = try await catalog("\(prefix)/collections")
                #expect(collections.navigation.map(\.title) == ["Bedside Table"])
                let bedside = try await catalog(try #require(collections.navigation.first).href.replacingOccurrences(of: "http://h", with: ""))
                #expect(Set(bedside.publications.compactMap(\.id)) == [id("moon-garden.epub"), id("winter-road.ru.txt")])
                let authors = try await catalog("\(prefix)/authors")
                #expect(Set(authors.navigation.map(\.title)) == expectedAuthors)
                let recent = try await catalog("\(prefix)/recent")
                #expect(recent.publications.count == listed)
                if prefix == "/opds" {
                    let lighthouse = try #require(recent.publications.first { $0.id == id("lighthouse-keeper.epub") })
                    #expect(Set(lighthouse.subjects) == ["night shift", "sea"])
                    let file = try #require(lighthouse.acquisitions.first { $0.link.title == "Original file" })
                    let path = try #require(file.link.href.split(separator: "http://h").first.map(String.init))
                    let bytes = Array(try Data(contentsOf: fixture.folder.appendingPathComponent("lighthouse-keeper.epub")))
                    try await client.execute(uri: path, method: .get) { response in
                        #expect(response.status == .ok)
                        #expect(Array(buffer: response.body) == bytes)
                    }
                }
            }
        }
    }
}

@Suite("OPDS EPUB export cache", .ownThreads)
struct OPDSExportCacheTests {
    @Test("the cache keeps at most its number of files, the most recently used first")
    func bounded() async throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let source = OPDSFolderSource(path: fixture.folder.path)
        let books = try source.books().filter { !$0.isEPUB }.sorted(by: OPDSBook.byTitle)
        #expect(books.count == 4)
        let cache = OPDSExportCache(folder: fixture.exports.path, reading: StoredReading(library: nil, engine: .standard), maxFiles: 2)
        var made: [String] = []
        for book in books {
            made.append(try await cache.epub(for: book))
            try await Task.sleep(for: .milliseconds(20))  // distinct modification times
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: fixture.exports.path).sorted()
        #expect(kept == made.suffix(2).map { ($0 as NSString).lastPathComponent }.sorted())
        #expect(made.allSatisfy { $0.hasSuffix(".epub") })
    }
}

@Suite("OPDS folder source")
struct OPDSFolderSourceTests {
    @Test("the folder is walked at most once per interval: a book added within it shows at the next walk")
    func walksAtMostOncePerInterval() throws {
        let fixture = try OPDSFixture()
        defer { fixture.remove() }
        let cached = OPDSFolderSource(path: fixture.folder.path, refreshInterval: .seconds(3600))
        let walked = OPDSFolderSource(path: fixture.folder.path, refreshInterval: .zero)
        let before = try cached.books().count
        #expect(try walked.books().count == before)
        let again = fixture.folder.appendingPathComponent("again", isDirectory: true)
        try FileManager.default.createDirectory(at: again, withIntermediateDirectories: true)
        // Another book, not a copy: the same fingerprint would be the same book.
        try FileManager.default.copyItem(at: TestLocation.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt"),
                                         to: again.appendingPathComponent("lighthouse-keeper.txt"))
        #expect(try cached.books().count == before, "within the interval the last walk answers")
        #expect(try walked.books().count == before + 1)
    }
}

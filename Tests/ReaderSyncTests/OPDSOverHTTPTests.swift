import Foundation
import ReaderCore
import ReaderFetch
import ReaderOPDS
import ReaderSync
import ReaderTestSupport
import Testing

@Suite("OPDS catalogs over HTTP", .serialized)
struct OPDSOverHTTPTests {
    @Test("a catalog page, its search (URL template; 404 as no result), its pages, a download")
    func catalog() async throws {
        let folder = try temporaryFolder("reader-opds")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withServer { fetcher, server in
            let client = OPDSClient(transport: OPDSHTTPTransport(fetcher: fetcher))
            let page = try await Task.detached { try client.page(at: server.url("/opds/catalog.xml")) }.value
            #expect(page.publications.map(\.title) == ["The Lighthouse Keeper", "Moon Garden"])
            #expect(page.pagination.next == server.url("/opds/page2.xml"))

            let found = try await Task.detached { try client.search("moon", in: page) }.value
            #expect(found.publications.map(\.title) == ["Moon Garden"])
            #expect(server.requestedPaths.contains("/opds/search?q=moon"))
            let none = try await Task.detached { try client.search("nothing here", in: page) }.value
            #expect(none.publications.isEmpty && none.totalResults == 0)
            let pages = try await Task.detached { try client.pages(from: server.url("/opds/catalog.xml")) }.value
            #expect(pages.count == 1, "the missing second page ends the walk")

            let publication = try OPDSDownload.publication("1", in: page)
            let acquisition = try OPDSDownload.acquisition(of: publication)
            #expect(acquisition.kind == .openAccess, "open access before buying")
            let path = try await OPDSDownload.download(acquisition, of: publication, into: folder.path, using: fetcher)
            #expect(path == folder.appendingPathComponent("the-lighthouse-keeper.epub").path)
            let expected = try Data(contentsOf: TestLocation.testBooks.appendingPathComponent("epub/lighthouse-keeper.epub"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
            let again = try await OPDSDownload.download(acquisition, of: publication, into: folder.path, using: fetcher)
            #expect(again == folder.appendingPathComponent("the-lighthouse-keeper-2.epub").path, "never over an existing file")

            let moon = try OPDSDownload.publication("moon", in: page)
            let moonPath = try await OPDSDownload.download(try OPDSDownload.acquisition(of: moon), of: moon, into: folder.path, using: fetcher)
            #expect(moonPath == folder.appendingPathComponent("moon-garden.epub").path, "the server's file name")
            #expect(readerError { _ = try OPDSDownload.publication("7", in: page) }?.code == .invalidArgument)
        }
    }

    @Test("a shared sample catalog read over HTTP lists what the file lists")
    func sample() async throws {
        try await withServer { fetcher, server in
            let client = OPDSClient(transport: OPDSHTTPTransport(fetcher: fetcher))
            let remote = try await Task.detached { try client.page(at: server.url("/opds-sample/feedbooks_catalog.atom")) }.value
            let local = try OPDSClient().page(at: TestLocation.opdsSamples.appendingPathComponent("feedbooks_catalog.atom").path,
                                              baseURL: server.url("/opds-sample/feedbooks_catalog.atom"))
            #expect(remote.publications.map(\.title) == local.publications.map(\.title))
            #expect(!remote.publications.isEmpty || !remote.navigation.isEmpty)
        }
    }
}

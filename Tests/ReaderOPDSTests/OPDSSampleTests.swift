import Foundation
import ReaderCore
import ReaderOPDS
import ReaderTestSupport
import Testing

@Suite("OPDS samples of ../shared/corpus-web/opds",
       .enabled(if: FileManager.default.fileExists(atPath: TestLocation.opdsSamples.path), "the OPDS samples are absent"))
struct OPDSSampleTests {
    private func page(_ name: String, base: String? = nil) throws -> OPDSCatalog {
        try OPDSClient().page(at: TestLocation.opdsSamples.appendingPathComponent(name).path, baseURL: base)
    }

    @Test("Feedbooks' root: a navigation feed with an OpenSearch description")
    func feedbooksNavigation() throws {
        let catalog = try page("feedbooks_catalog.atom")
        #expect(catalog.version == .opds1)
        #expect(catalog.title == "Feedbooks")
        #expect(catalog.publications.isEmpty)
        #expect(catalog.navigation.first?.title == "Best Sellers")
        #expect(catalog.navigation.first?.href == "http://www.feedbooks.com/store/top.atom")
        #expect(catalog.navigation.first?.summary == "All categories")
        #expect(catalog.navigation.count >= 3)
        #expect(catalog.search == .openSearchDescription("http://www.feedbooks.com/opensearch.xml"))
        #expect(catalog.links.contains { $0.has(rel: "http://opds-spec.org/shelf") })
    }

    @Test("the spec's acquisition feed: server-relative hrefs resolved, covers, acquisitions by type")
    func specAcquisitionFeed() throws {
        let catalog = try page("wiki_1_1.opds", base: "https://catalog.example/opds-catalogs/unpopular.xml")
        #expect(catalog.title == "Unpopular Publications")
        #expect(catalog.icon == "https://catalog.example/images/favicon.ico?t=1516986276")
        let bob = try #require(catalog.publications.first)
        #expect(bob.title == "Bob, Son of Bob")
        #expect(bob.authors == ["Bob the Recursive"])
        #expect(bob.language == "en")
        #expect(bob.issued == "1917")
        #expect(bob.subjects == ["FICTION / Men's Adventure"])
        #expect(bob.cover == "https://catalog.example/covers/4561.lrg.png")
        #expect(bob.thumbnail == "https://catalog.example/covers/4561.thmb.gif")
        #expect(bob.acquisitions.map(\.link.href) == ["https://catalog.example/content/free/4561.epub",
                                                      "https://catalog.example/content/free/4561.mobi"])
        #expect(bob.acquisitions.map(\.finalType) == ["application/epub+zip", "application/x-mobipocket-ebook"])
        #expect(catalog.publications.count == 2)
    }

    @Test("OPDS 2.0: publications with authors, covers and self links")
    func opds2() throws {
        let catalog = try page("opds_2_0.json")
        #expect(catalog.version == .opds2)
        #expect(catalog.title == "Readium 2 OPDS 2.0 Feed")
        #expect(catalog.totalResults == 5)
        #expect(catalog.publications.count == 5)
        let first = try #require(catalog.publications.first)
        #expect(first.title == "Smoke Test FXL")
        #expect(first.authors.count == 7)
        #expect(first.publisher == "Readium")
        #expect(first.cover?.hasSuffix("EPUB-Logo-Smoke.png") == true)
    }
}

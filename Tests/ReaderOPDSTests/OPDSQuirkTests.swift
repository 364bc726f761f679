import Foundation
import ReaderCore
import ReaderOPDS
import ReaderTestSupport
import Testing

/// What real servers do that samples do not: metadata only in the XHTML content, several authors in
/// one name, facets, indirect acquisitions, prices, templated search, pagination to follow.
@Suite("OPDS: real servers' quirks")
struct OPDSQuirkTests {
    static let calibreLike = """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xmlns:opds="http://opds-spec.org/2010/catalog"
          xmlns:thr="http://purl.org/syndication/thread/1.0" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">
      <id>calibre-all:title</id><title>Books sorted by title</title>
      <opensearch:totalResults>3</opensearch:totalResults><opensearch:itemsPerPage>2</opensearch:itemsPerPage>
      <link rel="next" href="/opds/navcatalog/4f?offset=2" type="application/atom+xml;profile=opds-catalog;kind=acquisition"/>
      <link rel="last" href="/opds/navcatalog/4f?offset=3" type="application/atom+xml"/>
      <link rel="search" href="/opds/search/{searchTerms}" type="application/atom+xml" title="Search"/>
      <link rel="http://opds-spec.org/facet" href="/opds/a?sort=title" title="Title" opds:facetGroup="Sort" opds:activeFacet="true" thr:count="3"/>
      <link rel="http://opds-spec.org/facet" href="/opds/a?sort=author" title="Author" opds:facetGroup="Sort"/>
      <entry>
        <title>A Tale</title>
        <author><name>Jane Doe &amp; John Roe</name></author>
        <id>urn:uuid:1</id>
        <updated>2024-01-01T00:00:00+00:00</updated>
        <link type="application/epub+zip" href="/get/epub/1/Lib" rel="http://opds-spec.org/acquisition"/>
        <link type="image/jpeg" href="/get/cover/1/Lib" rel="http://opds-spec.org/cover"/>
        <link type="image/jpeg" href="/get/thumb/1/Lib" rel="http://opds-spec.org/thumbnail"/>
        <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">RATING: ★★★★<br/>TAGS: Fiction, Sea<br/>SERIES: Tales [2]<br/>PUBLISHED: 1999<br/><p>A story &amp; more.</p></div></content>
      </entry>
      <entry>
        <title>Sold Book</title>
        <author><name>Doe, Jane</name></author>
        <id>urn:uuid:2</id>
        <link rel="http://opds-spec.org/acquisition/buy" href="https://shop.example/buy/2" type="text/html">
          <opds:price currencycode="EUR">4.99</opds:price>
          <opds:indirectAcquisition type="application/vnd.adobe.adept+xml">
            <opds:indirectAcquisition type="application/epub+zip"/>
          </opds:indirectAcquisition>
        </link>
      </entry>
    </feed>
    """

    private func parse(_ text: String, base: String? = "http://127.0.0.1:8080/opds/navcatalog/4f") throws -> OPDSCatalog {
        try OPDSParser.parse(Array(text.utf8), name: "page", baseURL: base)
    }

    @Test("metadata only in the XHTML content, authors joined in one name, covers by calibre's rels")
    func calibreEntry() throws {
        let catalog = try parse(Self.calibreLike)
        let tale = try #require(catalog.publications.first)
        #expect(tale.authors == ["Jane Doe", "John Roe"])
        #expect(tale.subjects == ["Fiction", "Sea"])
        #expect(tale.series == "Tales")
        #expect(tale.seriesPosition == "2")
        #expect(tale.rating == "★★★★")
        #expect(tale.issued == "1999")
        #expect(tale.summary == "A story & more.")
        #expect(tale.cover == "http://127.0.0.1:8080/get/cover/1/Lib")
        #expect(tale.thumbnail == "http://127.0.0.1:8080/get/thumb/1/Lib")
        #expect(tale.acquisitions.first?.link.href == "http://127.0.0.1:8080/get/epub/1/Lib")
        #expect(catalog.publications[1].authors == ["Doe, Jane"], "an inverted single name is not split")
    }

    @Test("buy links with a price and an indirect acquisition chain")
    func indirectAcquisition() throws {
        let sold = try #require(try parse(Self.calibreLike).publications.last)
        let buy = try #require(sold.acquisitions.first)
        #expect(buy.kind == .buy)
        #expect(buy.link.price == OPDSPrice(value: "4.99", currency: "EUR"))
        #expect(buy.link.indirectAcquisition.first?.type == "application/vnd.adobe.adept+xml")
        #expect(buy.finalType == "application/epub+zip")
    }

    @Test("facets by group, pagination, totals, and search as a path template")
    func pageLinks() throws {
        let catalog = try parse(Self.calibreLike)
        #expect(catalog.facets.map(\.title) == ["Sort"])
        #expect(catalog.facets.first?.facets.map(\.title) == ["Title", "Author"])
        #expect(catalog.facets.first?.facets.first?.isActive == true)
        #expect(catalog.facets.first?.facets.first?.count == 3)
        #expect(catalog.pagination.next == "http://127.0.0.1:8080/opds/navcatalog/4f?offset=2")
        #expect(catalog.totalResults == 3)
        #expect(catalog.itemsPerPage == 2)
        let address = try OPDSClient().searchAddress(in: catalog, terms: "sea & sky")
        #expect(address == "http://127.0.0.1:8080/opds/search/sea%20%26%20sky")
    }

    @Test("following next through local pages: stops at a page seen before and at a missing page")
    func followNext() throws {
        try withTemporaryDirectory(prefix: "opds") { directory in
            func write(_ name: String, next: String?) throws {
                let link = next.map { "<link rel=\"next\" href=\"\(directory.appendingPathComponent($0).path)\"/>" } ?? ""
                let xml = "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>\(name)</title>\(link)<entry><title>\(name) book</title><link rel=\"http://opds-spec.org/acquisition\" href=\"/\(name).epub\" type=\"application/epub+zip\"/></entry></feed>"
                try Data(xml.utf8).write(to: directory.appendingPathComponent(name))
            }
            try write("p1", next: "p2")
            try write("p2", next: "p3")
            try write("p3", next: "p-missing")
            let pages = try OPDSClient().pages(from: directory.appendingPathComponent("p1").path)
            #expect(pages.map(\.title) == ["p1", "p2", "p3"])
            try write("p3", next: "p1")
            #expect(try OPDSClient().pages(from: directory.appendingPathComponent("p1").path).count == 3)
        }
    }

    @Test("OPDS 2: templated search, navigation, groups, facets and indirect acquisition")
    func opds2Details() throws {
        let json = """
        {"metadata": {"title": "Root", "numberOfItems": 1},
         "links": [{"rel": "self", "href": "/root.json", "type": "application/opds+json"},
                   {"rel": "search", "href": "/search{?query}", "type": "application/opds+json", "templated": true},
                   {"rel": "next", "href": "/root.json?page=2", "type": "application/opds+json"}],
         "navigation": [{"href": "/new.json", "title": "New", "type": "application/opds+json", "rel": "current"}],
         "facets": [{"metadata": {"title": "Language"}, "links": [{"href": "/fr.json", "title": "French"}]}],
         "groups": [{"metadata": {"title": "Featured"}, "publications": [
            {"metadata": {"title": "G", "author": "Ann Writer"},
             "links": [{"rel": "http://opds-spec.org/acquisition/borrow", "href": "/loan/1", "type": "application/vnd.readium.lcp.license.v1.0+json",
                        "properties": {"indirectAcquisition": [{"type": "application/epub+zip"}]}}],
             "images": [{"href": "/c.jpg", "type": "image/jpeg"}]}]}]}
        """
        let catalog = try parse(json, base: "https://books.example/root.json")
        #expect(catalog.version == .opds2)
        #expect(catalog.navigation.map(\.href) == ["https://books.example/new.json"])
        #expect(catalog.pagination.next == "https://books.example/root.json?page=2")
        #expect(catalog.search == .template("https://books.example/search{?query}"))
        #expect(catalog.facets.first?.facets.first?.href == "https://books.example/fr.json")
        let publication = try #require(catalog.groups.first?.publications.first)
        #expect(publication.authors == ["Ann Writer"])
        #expect(publication.acquisitions.first?.kind == .borrow)
        #expect(publication.acquisitions.first?.finalType == "application/epub+zip")
        #expect(publication.cover == "https://books.example/c.jpg")
        #expect(try OPDSClient().searchAddress(in: catalog, terms: "a b") == "https://books.example/search?query=a%20b")
    }

    @Test("not a catalog: typed errors naming the page")
    func refusals() {
        let html = readerError { _ = try OPDSParser.parse(Array("<html/>".utf8), name: "page.xml", baseURL: nil) }
        #expect(html?.kind == .unsupportedFormat)
        let json = readerError { _ = try OPDSParser.parse(Array("{\"a\": 1}".utf8), name: "page.json", baseURL: nil) }
        #expect(json?.kind == .unsupportedFormat)
        let remote = readerError { _ = try OPDSClient().page(at: "https://example.org/opds") }
        #expect(remote?.kind == .unsupportedOperation)
    }
}

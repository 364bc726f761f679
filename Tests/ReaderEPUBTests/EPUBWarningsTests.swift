import ReaderCore
import Testing
@testable import ReaderEPUB

/// Typed warnings of a damaged book built in memory: a spine file missing (known at opening) and
/// a chapter that is not well-formed XML (known once the chapter is read).
@Suite struct EPUBWarningsTests {
    static let opf = """
    <package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>T</dc:title></metadata>
    <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="gone" href="gone.xhtml" media-type="application/xhtml+xml"/>
    <item id="b" href="b.xhtml" media-type="application/xhtml+xml"/></manifest>
    <spine><itemref idref="a"/><itemref idref="gone"/><itemref idref="b"/></spine></package>
    """

    private func open() throws -> EPUBDocument {
        let resources = MemoryResources([
            ("mimetype", "application/epub+zip"), ("META-INF/container.xml", PublicationLoadingTests.container),
            ("OEBPS/content.opf", Self.opf),
            ("OEBPS/a.xhtml", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>Fine.</p></body></html>"),
            ("OEBPS/b.xhtml", "<html><body><p>Open <b>bold</p><p>& more</body></html>"),
        ])
        return EPUBDocument(path: "memory.epub", resources: resources, publication: try EPUBPublication.load(from: resources),
                            capabilities: EPUBBackend().capabilities(for: .epub))
    }

    @Test("opening warns of the missing spine file; a chapter's warnings come once it is read")
    func warningsAsSectionsAreRead() throws {
        let book = try open()
        #expect(book.readingOrder.map(\.href) == ["OEBPS/a.xhtml", "OEBPS/b.xhtml"])
        let atOpening = book.warnings
        let missing = try #require(atOpening.first { $0.code == .missingResource }, "\(atOpening)")
        #expect(missing.severity == .errorRecovered)
        #expect(missing.location == .init(href: "OEBPS/gone.xhtml"))
        #expect(missing.message.contains("gone.xhtml"))
        #expect(!atOpening.contains { $0.code == .malformedContent })
        #expect(book.metadata.warnings == atOpening.map(\.message), "metadata keeps the opening warnings as strings")

        _ = try book.content(ofSection: 1)
        let afterReading = book.warnings
        let chapter = try #require(afterReading.first { $0.code == .malformedContent }, "\(afterReading)")
        #expect(chapter.location == .init(section: 1, href: "OEBPS/b.xhtml"))
        #expect(chapter.message.contains("read as HTML"))
        #expect(Array(afterReading.prefix(atOpening.count)) == atOpening, "opening warnings first, then the sections'")
        #expect(book.metadata.warnings == atOpening.map(\.message))

        let fresh = try open()
        #expect(try fresh.allWarnings() == afterReading, "allWarnings reads what was not read yet")
        #expect(fresh.warnings == afterReading)
    }
}

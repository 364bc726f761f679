import Testing
import ReaderCore
import ReaderTestSupport
@testable import ReaderEPUB

/// The manifest as resources, and the declared cover when it is an SVG.
@Suite struct EPUBResourceTests {
    @Test func listsManifestItemsAndReadsTheCoverPicture() throws {
        let book = try EPUBTestBooks.open("lighthouse-keeper.epub")
        let resources = book.resources()
        let cover = try #require(resources.first { $0.href == "OEBPS/images/cover.png" })
        #expect(cover.mediaType == "image/png")
        #expect(cover.byteCount == 1299)
        #expect(resources.contains { $0.href == "OEBPS/css/book.css" && $0.mediaType == "text/css" })
        #expect(resources.contains { $0.href == "OEBPS/text/chapter two.xhtml" })
        let bytes = try book.resourceData(href: cover.href)
        #expect(bytes.count == 1299)
        #expect(bytes == (try book.coverImage()?.data))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try book.resourceData(href: "OEBPS/text/chapter%20two.xhtml").count == resources.first { $0.href == "OEBPS/text/chapter two.xhtml" }?.byteCount)
    }

    @Test func refusesAnHrefOutsideTheManifest() throws {
        let book = try EPUBTestBooks.open("lighthouse-keeper.epub")
        for href in ["OEBPS/images/missing.png", "META-INF/container.xml", "../etc/passwd", ""] {
            let error = readerError { _ = try book.resourceData(href: href) }
            #expect(error?.kind == .invalidArgument, "\(href)")
            #expect(error?.reason.contains("no resource") == true, "\(href)")
        }
    }

    static let container = """
    <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
    <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
    """

    /// A book whose first page shows `titlepage.svg` while the OPF declares `cover.svg`.
    static func svgCoverBook() throws -> EPUBDocument {
        let opf = """
        <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
        <dc:title>T</dc:title><dc:identifier id="id">x</dc:identifier></metadata>
        <manifest><item id="t" href="titlepage.xhtml" media-type="application/xhtml+xml"/>
        <item id="ts" href="titlepage.svg" media-type="image/svg+xml"/>
        <item id="c" href="cover.svg" media-type="image/svg+xml" properties="cover-image"/></manifest>
        <spine><itemref idref="t"/></spine></package>
        """
        let page = """
        <html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body><img src="titlepage.svg" alt="t"/><p>Text</p></body></html>
        """
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#
        let resources = MemoryResources([
            ("mimetype", "application/epub+zip"), ("META-INF/container.xml", container), ("OEBPS/content.opf", opf),
            ("OEBPS/titlepage.xhtml", page), ("OEBPS/titlepage.svg", svg.replacingOccurrences(of: "rect", with: "circle")),
            ("OEBPS/cover.svg", svg),
        ])
        let publication = try EPUBPublication.load(from: resources)
        return EPUBDocument(path: "memory.epub", resources: resources, publication: publication,
                            capabilities: EPUBBackend().capabilities(for: .epub))
    }

    @Test func anSVGCoverImageItemWinsOverThePicturesOfTheFirstPage() throws {
        let cover = try #require(try Self.svgCoverBook().coverImage())
        #expect(cover.source == "OEBPS/cover.svg")
        #expect(cover.mediaType == "image/svg+xml")
        #expect(String(decoding: cover.data, as: UTF8.self).contains("<rect"))
        #expect(cover.fileExtension == "svg")
    }
}

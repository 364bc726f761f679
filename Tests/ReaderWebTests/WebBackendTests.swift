import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import ReaderWeb
import Testing

@Suite struct WebBackendTests {
    private func allText(_ document: any Document) throws -> String {
        try document.readingOrder.indices.flatMap { try document.content(ofSection: $0).blocks.map(\.text) }.joined(separator: "\n")
    }

    @Test func sniffsAndOpensAPageAsItsArticle() throws {
        let path = try WebPageFixture.write(Array(WebPageFixture.page().utf8))
        #expect(try ReaderEngine.standard.sniff(path: path).format == .html)
        let document = try ReaderEngine.standard.open(path: path)
        #expect(document.format == .html)
        let text = try allText(document)
        for paragraph in WebPageFixture.articleParagraphs { #expect(text.contains(paragraph)) }
        #expect(text.contains("We have never seen the water this high"))
        #expect(text.contains("water level: 4.2 m"))
        #expect(text.contains("The levee at dawn, seen from the bridge."))
        for dropped in ["Accept all cookies", "Sport", "Storm warning", "First! Great article", "All rights reserved", "Share"] {
            #expect(!text.contains(dropped), "\(dropped) should be gone")
        }
        let blocks = try document.content(ofSection: 0).blocks
        #expect(blocks.first?.kind == .heading(level: 1))
        #expect(blocks.first?.text == "Flood waters recede in the lower town")
        #expect(blocks.contains { $0.kind == .preformatted })
        #expect(blocks.contains { $0.kind == .quote || $0.quoteDepth > 0 })
        #expect(blocks.contains { if case .image = $0.kind { true } else { false } })
        #expect(!blocks.flatMap(\.tableRows).isEmpty)
    }

    @Test func readsMetadataInOrderOfTrust() throws {
        let path = try WebPageFixture.write(Array(WebPageFixture.page().utf8))
        let metadata = try ReaderEngine.standard.open(path: path).metadata
        #expect(metadata.title == "Flood waters recede in the lower town")
        #expect(metadata.authors == ["Ada Byline, Ben Second"])
        #expect(metadata.date == "2024-03-05T07:30:00Z")
        #expect(metadata.fields["modified"] == "2024-03-06T10:00:00Z")
        #expect(metadata.publisher == "The Valley Courier")
        #expect(metadata.language == "en-GB")
        #expect(metadata.fields["dir"] == "ltr")
        #expect(metadata.description == "After a night of rising water, the river falls again.")
        #expect(metadata.identifiers == ["https://www.valleycourier.example/news/2024/flood.html"])
        #expect(metadata.fields["image"] == "https://www.valleycourier.example/images/flood.jpg")
        #expect(metadata.fields["favicon"] == "https://www.valleycourier.example/favicon.ico")
        #expect(metadata.subjects == ["Weather"])
    }

    @Test func resolvesLinksAndImagesAgainstTheBase() throws {
        let article = try WebArticle.read(Array(WebPageFixture.page().utf8), name: "page.html")
        // <base href="/news/"> resolved against the canonical URL.
        #expect(article.html.contains("href=\"https://www.valleycourier.example/news/levee.html\""))
        #expect(article.html.contains("src=\"https://www.valleycourier.example/news/images/levee.jpg\""))
        #expect(article.content.images.first?.source == "https://www.valleycourier.example/news/images/levee.jpg")
    }

    @Test func noExtractShowsTheWholePage() throws {
        let path = try WebPageFixture.write(Array(WebPageFixture.page().utf8))
        let whole = try ReaderEngine.standard.open(path: path, options: OpenOptions(extractsArticle: false))
        let text = try allText(whole)
        #expect(text.contains("Storm warning issued for the coast"))
        #expect(text.contains("All rights reserved"))
        #expect(!text.contains("schema.org"))
        #expect(OpenOptions(extractsArticle: false).textVariant != OpenOptions().textVariant)
    }

    @Test func locatorsRoundTripAndHeadingsMakeTheTOC() throws {
        let path = try WebPageFixture.write(Array(WebPageFixture.page().utf8))
        let document = try ReaderEngine.standard.open(path: path)
        let blocks = try document.content(ofSection: 0).blocks
        var checked = 0
        for (index, block) in blocks.enumerated() {
            // A character that came from the page (list markers, table bars and alternative text do not).
            guard let run = block.sourceMap.runs.first(where: { $0.length > 3 }) else { continue }
            checked += 1
            let position = TextPosition(section: 0, block: index, offset: run.textStart + 2)
            let locator = try document.locator(at: position)
            #expect(locator.href == "page.html")
            #expect(locator.type == "text/html")
            #expect(try document.textPosition(for: locator) == position)
            let decoded = try Locator(jsonString: locator.jsonString())
            #expect(try document.textPosition(for: decoded) == position)
        }
        #expect(checked >= 10)
        let toc = try document.tableOfContents()
        #expect(toc.map(\.title) == ["Flood waters recede in the lower town"])
        #expect(toc.first?.children.map(\.title) == ["Working on the levee", "What comes next"])
        let fingerprint = try document.fingerprint()
        #expect(fingerprint.description.hasPrefix("html:"))
    }

    @Test func decodesTheDeclaredEncoding() throws {
        let page = WebPageFixture.page(charsetDeclaration: "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=windows-1251\">")
            .replacingOccurrences(of: "Working on the levee", with: "Работа на дамбе")
        let bytes = try #require(page.data(using: .windowsCP1251))
        let article = try WebArticle.read([UInt8](bytes), name: "page.html")
        #expect(article.encoding.name.lowercased() == "windows-1251")
        #expect(article.encoding.method == .declaration)
        #expect(article.articleText.contains("Работа на дамбе"))
        #expect(article.content.blocks.contains { $0.text == "Работа на дамбе" })
    }

    @Test func detectsAnUndeclaredEncodingAndReadsByteOrderMarks() throws {
        let page = WebPageFixture.page(charsetDeclaration: "").replacingOccurrences(of: "Working on the levee", with: "Überschwemmung à côté")
        let latin = try #require(page.data(using: .isoLatin1))
        let article = try WebArticle.read([UInt8](latin), name: "page.html")
        #expect(article.encoding.method == .detection)
        #expect(article.articleText.contains("Überschwemmung à côté"))
        let utf16 = try #require(page.data(using: .utf16LittleEndian))
        let marked = try WebArticle.read([0xFF, 0xFE] + [UInt8](utf16), name: "page.html")
        #expect(marked.encoding.method == .byteOrderMark)
        #expect(marked.articleText.contains("Überschwemmung à côté"))
        #expect(marked.content.blocks.contains { $0.text == "Überschwemmung à côté" })
    }

    @Test func brokenAndEmptyInputGiveTypedErrors() throws {
        let empty = try WebPageFixture.write([], name: "empty.html")
        let error = readerError { _ = try ReaderEngine.standard.open(path: empty) }
        #expect(error?.format == .html)
        // Tag soup still opens.
        let soup = try WebPageFixture.write(Array("<html><body><div><p>Unclosed <b>bold <i>text".utf8), name: "soup.html")
        let document = try ReaderEngine.standard.open(path: soup)
        #expect(try allText(document).contains("Unclosed bold text"))
        // A title with an escape sequence never carries it into metadata.
        let hostile = "<html><head><title>Bad \u{1B}[31mred</title></head><body><p>x</p></body></html>"
        let article = try WebArticle.read(Array(hostile.utf8), name: "hostile.html")
        #expect(article.metadata.title?.unicodeScalars.contains { $0.value < 0x20 } == false)
    }

    @Test func xhtmlOutsideEPUBAndPlainTextStayApart() throws {
        let xhtml = "<?xml version=\"1.0\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>T</title></head><body><p>Hello there.</p></body></html>"
        let path = try WebPageFixture.write(Array(xhtml.utf8), name: "page.xhtml")
        #expect(try ReaderEngine.standard.sniff(path: path).format == .html)
        let text = try WebPageFixture.write(Array("Just a note about <html> tags.\n".utf8), name: "note.txt")
        #expect(try ReaderEngine.standard.sniff(path: text).format == .txt)
    }
}

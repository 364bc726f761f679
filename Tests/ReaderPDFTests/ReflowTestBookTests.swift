import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// The reflow of the project's own PDFs against the truth their generator wrote beside them
/// (`TestBooks/pdf/*.expected.json`, from `TestBooks/make-pdfs.py`).
@Suite struct ReflowTestBookTests {
    struct Expected: Decodable {
        struct Paragraph: Decodable {
            var text: String
            var kind: String
        }
        struct Page: Decodable {
            var page: Int
            var paragraphs: [Paragraph]
        }
        var pageCount: Int
        var paragraphs: [Paragraph]
        var pages: [Page]
    }

    static func open(_ name: String, password: String? = nil) throws -> PDFDocument {
        let path = TestLocation.testBooks.appendingPathComponent("pdf/\(name)").path
        return try #require(try PDFBackend().open(path: path, format: .pdf, options: .init(password: password)) as? PDFDocument)
    }

    static func expected(_ name: String) throws -> Expected {
        let url = TestLocation.testBooks.appendingPathComponent("pdf/\(name).expected.json")
        return try JSONDecoder().decode(Expected.self, from: Data(contentsOf: url))
    }

    static func allBlocks(_ document: PDFDocument) throws -> [Block] {
        try (0..<document.readingOrder.count).flatMap { try document.content(ofSection: $0).blocks }
    }

    @Test(arguments: ["harbour-lights", "two-columns", "scanned-page"])
    func paragraphsAreTheOnesThePageSetterWrote(_ name: String) throws {
        let document = try Self.open(name + ".pdf")
        let expected = try Self.expected(name)
        let blocks = try Self.allBlocks(document).filter { if case .image = $0.kind { false } else { true } }
        #expect(blocks.map(\.text) == expected.paragraphs.map(\.text))
        // Chapter headings are headings and body text is not; the title page's subtitle and
        // author line, set large, may be either.
        for (block, paragraph) in zip(blocks, expected.paragraphs) {
            switch paragraph.kind {
            case "title", "heading", "subheading": #expect(block.isHeading, "\(paragraph.text)")
            case "body", "list-item": #expect(!block.isHeading, "\(paragraph.text)")
            default: break
            }
        }
    }

    @Test(arguments: ["harbour-lights", "two-columns"])
    func eachPagesOwnParagraphsAreCutAtItsEdges(_ name: String) throws {
        let document = try Self.open(name + ".pdf")
        for page in try Self.expected(name).pages {
            #expect(try document.blocks(onPage: page.page).map(\.text) == page.paragraphs.map(\.text), "page \(page.page)")
        }
    }
}

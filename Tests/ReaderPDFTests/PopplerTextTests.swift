import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// Page text, boxes and font runs from poppler, checked against pdftotext.
@Suite("Poppler: page text", .enabled(if: TestLocation.corpusAvailable))
struct PopplerTextTests {
    static let readable = PDFCorpus.files.filter { (PDFCorpus.pageCounts[$0] ?? nil) != nil }

    @Test("every page: one box per scalar, font runs covering the scalars in order, boxes on the page",
          arguments: readable)
    func consistent(name: String) throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path(name), password: name.contains("user-baz") ? "baz" : nil)
        for page in 1...document.pageCount {
            let text = try document.pageText(page)
            #expect(text.pageNumber == page)
            #expect(text.scalars.count == text.boxes.count)
            let size = try document.pageSize(page)
            #expect(text.width == size.width && text.height == size.height)
            if !text.scalars.isEmpty {
                #expect(text.fontRuns.first?.range.lowerBound == 0)
                #expect(text.fontRuns.last?.range.upperBound == text.scalars.count)
                #expect(zip(text.fontRuns, text.fontRuns.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
                #expect(text.fontRuns.allSatisfy { !$0.range.isEmpty && $0.fontSize > 0 })
            }
            let slack = 2.0
            #expect(text.boxes.allSatisfy {
                $0.x1 >= -slack && $0.y1 >= -slack && $0.x2 <= text.width + slack && $0.y2 <= text.height + slack
            }, "page \(page)")
        }
    }

    @Test("pdflatex page 3 has the words pdftotext finds")
    func pdflatexPage3() throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path("pdflatex-4-pages.pdf"), password: nil)
        let text = try document.pageText(3)
        let reference = try #require(PDFCorpus.referenceText("pdflatex-4-pages.pdf", "pdftotext-page3.txt"))
        let expected = Self.words(reference)
        let found = Self.words(text.text)
        #expect(expected.values.reduce(0, +) > 100)
        let shared = expected.reduce(0) { $0 + min($1.value, found[$1.key] ?? 0) }
        #expect(Double(shared) >= 0.99 * Double(expected.values.reduce(0, +)))
        #expect(text.fontRuns.contains { $0.fontName.contains("CMR10") })
        #expect(text.imageCount == 0)
    }

    @Test("Arabic: poppler's direction marks get empty boxes and keep their place in the text")
    func directionMarks() throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path("habibi_arabic.pdf"), password: nil)
        let text = try document.pageText(1)
        #expect(text.text.contains("habibi"))
        let marks = text.scalars.indices.filter { PDFAlignedText.isDirectionMark(text.scalars[$0]) }
        #expect(!marks.isEmpty)
        #expect(marks.allSatisfy { text.boxes[$0].width == 0 })
        // poppler writes no space where the direction changes; the Latin word and the Arabic one
        // beside it stay two words.
        let words = text.text.unicodeScalars.filter { !PDFAlignedText.isDirectionMark($0) }
            .split(whereSeparator: \.properties.isWhitespace).map { String(String.UnicodeScalarView($0)) }
        #expect(words.contains("habibi"))
        #expect(words.filter { $0.unicodeScalars.contains(where: PDFAlignedText.isRightToLeft) }.count == 1)
        #expect(words.allSatisfy { word in
            !(word.unicodeScalars.contains(where: PDFAlignedText.isRightToLeft) && word.unicodeScalars.contains("h"))
        })
    }

    @Test("a page whose text holds a U+0000 (poppler-glib's copy stopped there) keeps its Japanese paragraph")
    func truncatedPageText() throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path("font-variations_issue19971.pdf"), password: nil)
        let text = try document.pageText(6)
        #expect(text.text.contains("これは追加の長い段落です。"))
        #expect(text.text.contains("y oportunidades que enfrenta la humanidad."))
        #expect(text.fontRuns.contains { $0.fontName.contains("PGothic") })
        #expect(text.scalars.count == text.boxes.count)
    }

    @Test("images are counted on a page without text only")
    func images() throws {
        let scanned = try PopplerDocument.open(path: PDFCorpus.testBook("scanned-page.pdf"), password: nil)
        #expect(try scanned.pageText(2).imageCount == 1)
        #expect(try scanned.pageText(1).imageCount == 0)
        let paper = try PopplerDocument.open(path: PDFCorpus.path("tracemonkey.pdf"), password: nil)
        #expect(try paper.pageText(2).imageCount == 0, "page 2 draws 10 images beside its text; they are not counted")
    }

    @Test("a rotated page has its text in the rotated page's coordinates")
    func rotatedPage() throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path("broken/zen_of_python_corrupted.pdf"), password: nil)
        let text = try document.pageText(1)
        #expect(text.width > text.height, "landscape after the 90° rotation")
        #expect(text.text.contains("Beautiful is better than ugly."))
    }

    /// Word counts of a text, split on white space.
    static func words(_ text: String) -> [String: Int] {
        text.split(whereSeparator: { $0.isWhitespace }).reduce(into: [:]) { $0[String($1), default: 0] += 1 }
    }
}

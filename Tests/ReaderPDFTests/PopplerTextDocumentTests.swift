import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
import CPopplerGlib
import CPopplerText
@testable import ReaderPDF

/// The one-walk page text of poppler's core (CPopplerText) against what poppler-glib's own calls
/// give for the same pages, which it replaced: every page of every readable corpus PDF and TestBook.
@Suite("Poppler: core page text against poppler-glib", .enabled(if: TestLocation.corpusAvailable))
struct PopplerTextDocumentTests {
    /// Readable corpus PDFs and the TestBooks (with their passwords).
    static let books: [String] = PopplerTextTests.readable.map(PDFCorpus.path)
        + ["harbour-lights.pdf", "two-columns.pdf", "scanned-page.pdf", "locked.pdf", "xmp-only.pdf"].map(PDFCorpus.testBook)

    static func password(_ path: String) -> String? {
        path.contains("user-baz") ? "baz" : path.hasSuffix("locked.pdf") ? "reader-user" : nil
    }

    @Test("characters, boxes and font runs equal poppler-glib's wherever its text and layout agree", arguments: books)
    func sameAsGLib(path: String) throws {
        let document = try PopplerDocument.open(path: path, password: Self.password(path))
        var compared = 0
        for page in 1...document.pageCount {
            let core = try document.pageText(page)
            let glib = try document.withPage(page) { GLibPageText.read($0) }
            guard let strict = glib.strict else {
                // poppler-glib's copy of the text stops at a U+0000, and the page was read line by
                // line; what it kept must still be in the core text, in order.
                #expect(Self.isSubsequence(glib.lineByLine.filter { !$0.properties.isWhitespace },
                                           of: core.scalars.filter { !$0.properties.isWhitespace }), "page \(page)")
                continue
            }
            compared += 1
            let comparable = try #require(Self.droppingGapSpaces(core, toMatch: strict.scalars),
                                          "page \(page): the core text is not poppler-glib's with spaces added")
            #expect(comparable.scalars == strict.scalars, "page \(page)")
            #expect(comparable.boxes == strict.boxes, "page \(page)")
            // poppler-glib's attributes have no font flags.
            #expect(Self.withoutFlags(comparable.fontRuns) == glib.fontRuns, "page \(page)")
        }
        #expect(compared > 0)
    }

    /// `core` without the spaces it puts between two words poppler-glib runs together (a wide
    /// gap and no space glyph: `separatedByGap` in CPopplerText), so that the rest compares with
    /// poppler-glib's text; nil when `core` is not `glib` with spaces added.
    static func droppingGapSpaces(_ core: PDFPageText, toMatch glib: [Unicode.Scalar]) -> PDFPageText? {
        var kept: [Int] = []
        var next = 0
        for (index, scalar) in core.scalars.enumerated() {
            if next < glib.count, scalar == glib[next] {
                kept.append(index)
                next += 1
            } else if scalar != " " {
                return nil
            }
        }
        guard next == glib.count else { return nil }
        // Where each index of the core text lands once the dropped spaces are gone.
        var newIndex = [Int](repeating: 0, count: core.scalars.count + 1)
        var count = 0
        var keptIndex = 0
        for index in 0...core.scalars.count {
            newIndex[index] = count
            if keptIndex < kept.count, kept[keptIndex] == index {
                count += 1
                keptIndex += 1
            }
        }
        var result = core
        result.scalars = kept.map { core.scalars[$0] }
        result.boxes = kept.map { core.boxes[$0] }
        result.fontRuns = core.fontRuns.compactMap { run in
            var moved = run
            moved.range = newIndex[run.range.lowerBound]..<newIndex[run.range.upperBound]
            return moved.range.isEmpty && !run.range.isEmpty ? nil : moved
        }
        return result
    }

    /// `runs` with their flags cleared and the neighbours that then agree merged.
    static func withoutFlags(_ runs: [PDFFontRun]) -> [PDFFontRun] {
        var result: [PDFFontRun] = []
        for var run in runs {
            run.hasBoldFlag = false
            run.hasItalicFlag = false
            if let last = result.last, last.hasSameFont(as: run), last.range.upperBound == run.range.lowerBound {
                result[result.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                result.append(run)
            }
        }
        return result
    }

    @Test("images are counted as poppler-glib's image mapping counts them, on every page", arguments: books)
    func imageCounts(path: String) throws {
        let document = try PopplerDocument.open(path: path, password: Self.password(path))
        var status = RPT_OPEN_OK
        let core = try #require(rpt_document_open(path, Self.password(path), &status))
        defer { rpt_document_close(core) }
        for page in 1...document.pageCount {
            let expected = try document.withPage(page) { page in
                let mapping = poppler_page_get_image_mapping(page)
                defer { poppler_page_free_image_mapping(mapping) }
                return Int(g_list_length(mapping))
            }
            #expect(Int(rpt_page_image_count(core, Int32(page - 1))) == expected, "page \(page)")
        }
    }

    @Test("a wrong password and a damaged file are typed errors, not crashes")
    func openFailures() throws {
        let messages = PopplerMessages()
        let encrypted = PDFCorpus.testBook("locked.pdf")
        _ = try PopplerDocument.open(path: encrypted, password: "reader-user")  // poppler-glib opens first
        #expect(throws: ReaderError.self) { try PopplerTextDocument(path: encrypted, password: "wrong", messages: messages, slots: .intact) }
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID()).pdf").path
        let error = try #require(throws: ReaderError.self) {
            try PopplerTextDocument(path: missing, password: nil, messages: messages, slots: .intact)
        }
        #expect(error.kind == .malformed && error.file == missing)
    }

    @Test("page numbers outside the document are invalid arguments")
    func pageOutside() throws {
        let path = PDFCorpus.testBook("two-columns.pdf")
        let document = try PopplerDocument.open(path: path, password: nil)
        let text = try document.textDocumentOpener()()
        for page in [0, text.pageCount + 1] {
            let error = try #require(throws: ReaderError.self) { try text.pageText(page) }
            #expect(error.kind == .invalidArgument)
        }
    }

    static func isSubsequence(_ small: [Unicode.Scalar], of large: [Unicode.Scalar]) -> Bool {
        var iterator = large.makeIterator()
        return small.allSatisfy { scalar in
            while let next = iterator.next() { if next == scalar { return true } }
            return false
        }
    }
}

/// A page read the way ReaderPDF read it before CPopplerText: poppler_page_get_text,
/// poppler_page_get_text_layout and poppler_page_get_text_attributes.
private struct GLibPageText {
    /// The text paired with the layout, or nil when they disagree.
    var strict: PDFAlignedText?
    /// The text taken line by line over the layout's lines (when they disagree).
    var lineByLine: [Unicode.Scalar]
    /// The font runs over `strict`'s scalars.
    var fontRuns: [PDFFontRun]

    static func read(_ page: OpaquePointer) -> GLibPageText {
        var rectangles: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        _ = poppler_page_get_text_layout(page, &rectangles, &count)
        defer { g_free(rectangles) }
        let rects = UnsafeBufferPointer(start: rectangles, count: Int(count)).map {
            PDFRect(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2)
        }
        let text = poppler_page_get_text(page)
        defer { g_free(text) }
        let scalars = UTF8Scalars.decode(UnsafeRawBufferPointer(start: text, count: text.map { strlen($0) } ?? 0))
        var result = GLibPageText(strict: PDFAlignedText.strict(text: scalars, rects: rects), lineByLine: [], fontRuns: [])
        result.strict?.removeNullCharacters()
        if let strict = result.strict {
            result.fontRuns = PDFFontRunMapping.runs(attributes(page), layoutIndices: strict.layoutIndices,
                                                     layoutCount: rects.count)
        } else {
            for line in PDFAlignedText.lines(of: rects) where !line.content.isEmpty {
                let area = rects[line.content].dropFirst().reduce(rects[line.content.lowerBound]) { $0.union($1) }
                var selection = PopplerRectangle(x1: area.x1, y1: area.y1, x2: area.x2, y2: area.y2)
                let selected = poppler_page_get_selected_text(page, POPPLER_SELECTION_GLYPH, &selection)
                defer { g_free(selected) }
                result.lineByLine += selected.map { String(cString: $0).unicodeScalars.map { $0 } } ?? []
            }
        }
        return result
    }

    private static func attributes(_ page: OpaquePointer) -> [PDFFontRun] {
        guard let list = poppler_page_get_text_attributes(page) else { return [] }
        defer { poppler_page_free_text_attributes(list) }
        var result: [PDFFontRun] = []
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let attributes = current.pointee.data?.assumingMemoryBound(to: PopplerTextAttributes.self).pointee,
               attributes.start_index >= 0, attributes.end_index >= attributes.start_index {
                result.append(PDFFontRun(range: Int(attributes.start_index)..<Int(attributes.end_index + 1),
                                         fontName: attributes.font_name.map { String(cString: $0) } ?? "",
                                         fontSize: attributes.font_size))
            }
            node = current.pointee.next
        }
        return result
    }
}

@Suite("PDF page slots")
struct PDFPageSlotsTests {
    @Test("damaged pages keep their place: the pages after one are poppler's next")
    func numbering() {
        let slots = PDFPageSlots(damaged: [2, 5])
        #expect((1...7).map { slots.popplerPage($0) } == [1, nil, 2, 3, nil, 4, 5])
        #expect((1...5).map { slots.page(forPoppler: $0) } == [1, 3, 4, 6, 7])
        #expect(PDFPageSlots.intact.popplerPage(4) == 4 && PDFPageSlots.intact.page(forPoppler: 4) == 4)
    }
}

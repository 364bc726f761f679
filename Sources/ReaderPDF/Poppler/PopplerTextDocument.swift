import Foundation
import ReaderCore
internal import CPopplerText

/// A PDF opened in poppler's core library (CPopplerText) for its page text: the characters in
/// reading order with their boxes and fonts, from one walk over a page's words.
///
/// It has a lock of its own, not ``PopplerDocument/callLock``: two core documents on two threads
/// share nothing but poppler's global parameters, which poppler guards itself (300 runs of two
/// threads reading every corpus PDF and TestBook at once passed), so several threads can extract
/// text at once. Open one only while a ``PopplerDocument`` is open: poppler-glib installs the
/// callback that routes poppler's messages to ``PopplerMessages`` when its first document opens.
final class PopplerTextDocument: @unchecked Sendable {
    // @unchecked: `handle` is used only while `lock` is held; everything else is immutable.

    /// The path the document was opened from.
    let path: String
    /// The number of pages.
    let pageCount: Int
    /// Where each page is in poppler's numbering.
    private let slots: PDFPageSlots
    /// Nil once closed.
    private var handle: OpaquePointer?
    private let lock = NSLock()
    private let messages: PopplerMessages

    /// Opens `path` with `password`, which poppler-glib has already opened and accepted.
    /// - Parameter messages: where poppler's complaints about this file go.
    /// - Throws: ``ReaderError`` `encrypted` or `malformed` when poppler's core fails where
    ///   poppler-glib did not (the file changed in between).
    /// - Parameter slots: where each page is in poppler's numbering.
    init(path: String, password: String?, messages: PopplerMessages, slots: PDFPageSlots) throws(ReaderError) {
        var status = RPT_OPEN_OK
        let opened = messages.collecting { rpt_document_open(path, password, &status) }
        guard let opened else {
            throw status == RPT_OPEN_ENCRYPTED
                ? ReaderError(.encrypted, file: path, format: .pdf, reason: "encrypted: wrong password")
                : ReaderError(.malformed, file: path, format: .pdf, reason: "damaged: poppler cannot reopen it")
        }
        self.path = path
        self.pageCount = Int(rpt_document_page_count(opened))
        self.slots = slots
        self.handle = opened
        self.messages = messages
    }

    deinit {
        close()
    }

    /// Closes poppler's document now (`rpt_document_close`), after a page being read; later
    /// reads throw. Closing twice does nothing.
    func close() {
        lock.withLock {
            guard let handle else { return }
            messages.collecting { rpt_document_close(handle) }
            self.handle = nil
        }
    }

    /// Text of one page (1-based) in poppler's reading order, with one
    /// rectangle per character and the font runs (what poppler-glib's poppler_page_get_text,
    /// poppler_page_get_text_layout and poppler_page_get_text_attributes give) and, for a page
    /// without text, the number of images (as poppler_page_get_image_mapping counts them).
    /// Coordinates: points, origin top-left.
    /// - Throws: ``ReaderError`` `invalidArgument` for a page outside 1...pageCount, `malformed`
    ///   when poppler cannot load the page.
    func pageText(_ pageNumber: Int) throws(ReaderError) -> PDFPageText {
        try withPageIndex(pageNumber) { (handle: OpaquePointer, index: Int32) throws(ReaderError) -> PDFPageText in
            var page = RPTPageText()
            guard rpt_page_text_extract(handle, index, &page) == 0 else { throw unloadable(pageNumber) }
            defer { rpt_page_text_free(&page) }
            let (aligned, runs) = Self.alignedText(page)
            // Counting images walks the page's content again, as long as extracting its text
            // takes, and only a page without text needs the count.
            var imageCount = 0
            if !aligned.scalars.contains(where: { !$0.isPDFWhitespace }) {
                imageCount = Int(rpt_page_image_count(handle, index))
                guard imageCount >= 0 else { throw unloadable(pageNumber) }
            }
            var text = PDFPageText(pageNumber: pageNumber, width: page.width, height: page.height, scalars: aligned.scalars,
                                   boxes: aligned.boxes, fontRuns: runs, imageCount: imageCount,
                                   mayHaveLinks: page.hasAnnotations != 0)
            if let names = page.unmappedFontNames {
                let bytes = UnsafeRawBufferPointer(start: names, count: page.unmappedFontNamesLength)
                text.unmappedFonts = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            }
            return text
        }
    }

    /// Runs `body` with poppler's document and the 0-based index of page `pageNumber` in poppler's
    /// numbering, holding the lock and collecting poppler's messages.
    /// - Throws: ``ReaderError`` `invalidArgument` for a page outside 1...pageCount, `malformed`
    ///   for a page poppler left out, or what `body` throws.
    func withPageIndex<T>(_ pageNumber: Int,
                          _ body: (OpaquePointer, Int32) throws(ReaderError) -> T) throws(ReaderError) -> T {
        guard pageNumber >= 1, pageNumber <= pageCount else {
            throw ReaderError(.invalidArgument, file: path, format: .pdf,
                              reason: "page \(pageNumber) does not exist; the document has \(pageCount) pages")
        }
        lock.lock()
        defer { lock.unlock() }
        guard let handle else { throw ReaderError.closed(file: path, format: .pdf) }
        return try messages.collecting { () throws(ReaderError) -> T in
            guard let index = slots.popplerPage(pageNumber).map({ Int32($0 - 1) }) else { throw unloadable(pageNumber) }
            return try body(handle, index)
        }
    }

    private func unloadable(_ pageNumber: Int) -> ReaderError {
        ReaderError(.malformed, file: path, format: .pdf, reason: "damaged: page \(pageNumber) cannot be loaded")
    }

    /// The page's characters paired with their boxes, and the font runs over them; U+0000 removed.
    private static func alignedText(_ page: RPTPageText) -> (PDFAlignedText, [PDFFontRun]) {
        let rects = UnsafeBufferPointer(start: page.rects, count: page.rectCount).map {
            PDFRect(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2)
        }
        let fontRuns = fontRuns(page)
        var aligned: PDFAlignedText
        var runs = fontRuns
        if page.text == nil {
            aligned = PDFAlignedText(layoutOrder: UnsafeBufferPointer(start: page.characters, count: page.rectCount),
                                     rects: rects)
        } else {
            aligned = alignRightToLeft(page, rects: rects)
            aligned.separatingDirectionRuns()
            runs = PDFFontRunMapping.runs(fontRuns, layoutIndices: aligned.layoutIndices, layoutCount: rects.count)
        }
        if aligned.removeNullCharacters() {
            runs = PDFFontRunMapping.runs(fontRuns, layoutIndices: aligned.layoutIndices, layoutCount: rects.count)
        }
        return (aligned, runs)
    }

    /// Pairs poppler's text of a page with right-to-left characters (reordered, with direction
    /// marks) with the layout. Should they ever disagree (no corpus page does), the page keeps
    /// the layout's own order, whose characters pair one to one with the boxes.
    private static func alignRightToLeft(_ page: RPTPageText, rects: [PDFRect]) -> PDFAlignedText {
        let text = UTF8Scalars.decode(UnsafeRawBufferPointer(start: page.text, count: page.textLength))
        return PDFAlignedText.strict(text: text, rects: rects)
            ?? PDFAlignedText(layoutOrder: UnsafeBufferPointer(start: page.characters, count: page.rectCount), rects: rects)
    }

    /// Font name, size and flag runs over layout indices (CPopplerText's end index is inclusive).
    private static func fontRuns(_ page: RPTPageText) -> [PDFFontRun] {
        UnsafeBufferPointer(start: page.fontRuns, count: page.fontRunCount).compactMap { run in
            let start = Int(run.start)
            let end = Int(run.end)
            guard start >= 0, end >= start, let names = page.fontNames else { return nil }
            return PDFFontRun(range: start..<(end + 1), fontName: String(cString: names + Int(run.fontNameOffset)),
                              fontSize: run.fontSize, hasBoldFlag: run.flags & UInt8(RPT_FONT_BOLD) != 0,
                              hasItalicFlag: run.flags & UInt8(RPT_FONT_ITALIC) != 0)
        }
    }
}

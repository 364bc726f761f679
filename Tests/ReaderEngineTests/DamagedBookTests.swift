import Foundation
import ReaderCore
import ReaderEngine
import ReaderPDF
import ReaderTestSupport
import Testing

/// The damaged copies `TestBooks/make-damaged.py` makes of the TestBooks, each opened and compared
/// with its intact original: what is intact reads word for word, what is lost is marked and warned
/// about with a typed warning, and what cannot be opened is refused as a damaged file of its format.
@Suite(.enabled(if: DamagedTestBooks.folder != nil, "python3 is needed to damage the TestBooks"))
struct DamagedBookTests {
    private func open(_ name: String) throws -> any Document {
        try ReaderEngine.standard.open(path: try #require(DamagedTestBooks.path(name)))
    }

    private func original(_ path: String) throws -> any Document {
        try ReaderEngine.standard.open(path: TestLocation.testBooks.appendingPathComponent(path).path)
    }

    /// Each section's block texts by href.
    private func sections(_ document: any Document) throws -> [String: [String]] {
        var texts: [String: [String]] = [:]
        for section in document.readingOrder {
            texts[section.href] = try document.content(ofSection: section.index).blocks.map(\.text)
        }
        return texts
    }

    /// Every word of the book, in reading order.
    private func words(_ document: any Document) throws -> [Substring] {
        var words: [Substring] = []
        for section in document.readingOrder {
            for block in try document.content(ofSection: section.index).blocks {
                words += block.text.split(whereSeparator: { $0.isWhitespace })
            }
        }
        return words
    }

    private func damageWarnings(_ document: any Document) throws -> [DocumentWarning] {
        try document.allWarnings().filter { $0.code == .damagedContent }
    }

    // MARK: EPUB

    @Test("a chapter that fails its CRC or does not inflate is a notice; every other chapter reads as before",
          arguments: [("epub-chapter-crc.epub", "OEBPS/text/chapter-3.xhtml"),
                      ("epub-chapter-zeroed.epub", "OEBPS/text/chapter-5.xhtml"),
                      ("epub-local-header-lies.epub", "OEBPS/text/chapter two.xhtml")])
    func damagedChapter(file: String, chapter: String) throws {
        let book = try open(file)
        let intact = try sections(original("epub/lighthouse-keeper.epub"))
        let read = try sections(book)
        #expect(Set(read.keys) == Set(intact.keys))
        for (href, blocks) in intact where href != chapter {
            #expect(read[href] == blocks, "\(href) reads as in the intact book")
        }
        let notice = try #require(read[chapter])
        #expect(notice.count == 1 && notice[0].contains("damaged") && notice[0].contains(chapter), "\(notice)")
        let warnings = try damageWarnings(book)
        #expect(warnings.count == 1 && warnings[0].location.href == chapter && warnings[0].severity == .errorRecovered,
                "\(warnings)")
    }

    @Test("a lost or lying central directory is rebuilt from the local headers, and the whole book reads",
          arguments: ["epub-eocd-offset-lies.epub", "epub-central-directory-zeroed.epub"])
    func centralDirectoryRebuilt(file: String) throws {
        let book = try open(file)
        #expect(try sections(book) == (try sections(original("epub/lighthouse-keeper.epub"))))
        let warnings = try book.allWarnings()
        #expect(warnings.contains { $0.code == .container && $0.message.contains("local headers") }, "\(warnings)")
    }

    @Test("a truncated EPUB gives the chapters before the cut word for word; the cut one is a notice, the rest are missing")
    func truncatedEPUB() throws {
        let book = try open("epub-truncated.epub")
        let intact = try sections(original("epub/lighthouse-keeper.epub"))
        let read = try sections(book)
        let before = ["OEBPS/text/title.xhtml", "OEBPS/text/chapter-1.xhtml", "OEBPS/text/chapter two.xhtml",
                      "OEBPS/text/chapter-3.xhtml"]
        for href in before {
            #expect(read[href] != nil && read[href] == intact[href], "\(href)")
        }
        #expect(read["OEBPS/text/chapter-4.xhtml"]?.first?.contains("damaged") == true)
        #expect(read["OEBPS/text/chapter-7.xhtml"] == nil)
        let warnings = try book.allWarnings()
        #expect(warnings.contains { $0.message.contains("no central directory") })
        #expect(warnings.contains { $0.code == .missingResource })
        #expect(warnings.contains { $0.code == .damagedContent && $0.location.href == "OEBPS/text/chapter-4.xhtml" })
    }

    @Test("the first segment of a split archive says so, and what it holds reads")
    func splitArchiveFirstSegment() throws {
        let book = try open("epub-split-first-segment.epub")
        let warnings = try book.allWarnings()
        #expect(warnings.contains { $0.message.contains("split zip archive") }, "\(warnings)")
        let intact = try sections(original("epub/lighthouse-keeper.epub"))
        #expect(try sections(book)["OEBPS/text/chapter-3.xhtml"] == intact["OEBPS/text/chapter-3.xhtml"])
    }

    // MARK: Sniffing

    @Test("a file named as a binary format but too short to be one is a damaged file of that format, never text",
          arguments: [("epub-three-bytes.epub", DocumentFormat.epub), ("mobi-three-bytes.mobi", .mobi),
                      ("azw3-ten-bytes.azw3", .azw3), ("pdf-three-bytes.pdf", .pdf)])
    func shortBinaryFiles(file: String, format: DocumentFormat) throws {
        let path = try #require(DamagedTestBooks.path(file))
        #expect(try ReaderEngine.standard.sniff(path: path).format == format)
        let error = readerError { _ = try ReaderEngine.standard.open(path: path) }
        #expect(error?.code == .malformed, "\(String(describing: error))")
        #expect(error?.format == format)
        #expect(error?.file == path)
    }

    // MARK: MOBI and AZW3

    /// How many leading words of `read` agree with `intact`.
    private func agreeingPrefix(_ read: [Substring], _ intact: [Substring]) -> Int {
        zip(read, intact).prefix { $0 == $1 }.count
    }

    @Test("a cut MOBI or one whose record table lies reads the intact text records, with a warning",
          arguments: [("mobi-truncated.mobi", "mobi/lighthouse-keeper.mobi"),
                      ("mobi-record-offset-lies.mobi", "mobi/lighthouse-keeper.mobi"),
                      ("azw3-truncated.azw3", "mobi/lighthouse-keeper.azw3")])
    func mobiRecordsLost(file: String, originalPath: String) throws {
        let book = try open(file)
        let intact = try words(original(originalPath))
        let read = try words(book)
        let agreeing = agreeingPrefix(read, intact)
        #expect(agreeing * 10 >= intact.count * 3, "\(agreeing) of \(intact.count) words agree; recovered \(read.count)")
        #expect(read.count < intact.count)
        let warnings = try book.allWarnings()
        #expect(warnings.contains { $0.code == .damagedContent }, "\(warnings)")
    }

    @Test("a MOBI or AZW3 whose record table lies about one record in the middle loses only that record",
          arguments: [("mobi-middle-entry-lies.mobi", "mobi/lighthouse-keeper.mobi"),
                      ("azw3-middle-entry-lies.azw3", "mobi/lighthouse-keeper.azw3")])
    func mobiOneRecordLost(file: String, originalPath: String) throws {
        let book = try open(file)
        let intact = try words(original(originalPath))
        let read = try words(book)
        // The text before the lost record and all the text after it read word for word: at most
        // one text record's worth of words (4,096 bytes, some 700 words) is missing.
        let before = agreeingPrefix(read, intact)
        let after = agreeingPrefix(read.reversed(), intact.reversed())
        #expect(before > intact.count / 5, "\(before) words agree before the loss")
        #expect(before + after >= intact.count - 800, "\(before) + \(after) of \(intact.count) words agree")
        #expect(read.joined(separator: " ").contains("[This part of the book is damaged and cannot be shown: text record 4]"))
        let warnings = try book.allWarnings()
        #expect(warnings.contains { $0.code == .damagedContent && $0.message.contains("that record is lost") }, "\(warnings)")
        #expect(!warnings.contains { $0.message.contains("read as one stream") }, "the KF8 parts still divide")
    }

    @Test("a MOBI whose record count lies reads whole")
    func mobiRecordCountLies() throws {
        let book = try open("mobi-record-count-lies.mobi")
        #expect(try words(book) == (try words(original("mobi/lighthouse-keeper.mobi"))))
        #expect(try book.allWarnings().contains { $0.message.contains("4000 text records") })
    }

    @Test("an AZW3 whose NCX index is broken reads whole, its contents from the headings")
    func azw3NCXBroken() throws {
        let book = try open("azw3-ncx-index-zeroed.azw3")
        #expect(try words(book) == (try words(original("mobi/lighthouse-keeper.azw3"))))
        #expect(try book.tableOfContents().count >= 7)
        #expect(try book.allWarnings().contains { $0.message.contains("the NCX index is broken") })
    }

    @Test("an AZW3 whose skeleton or fragment index is broken reads its text as one stream, with a warning",
          arguments: ["azw3-skeleton-index-zeroed.azw3", "azw3-fragment-index-zeroed.azw3"])
    func azw3PartIndexBroken(file: String) throws {
        let book = try open(file)
        let intact = try words(original("mobi/lighthouse-keeper.azw3"))
        let read = try words(book)
        // Every word of the intact book, in order, within what is read (markup of the skeleton aside).
        var remaining = read[...]
        var found = 0
        for word in intact {
            guard let index = remaining.firstIndex(of: word) else { continue }
            found += 1
            remaining = remaining[(index + 1)...]
        }
        #expect(found == intact.count, "\(found) of \(intact.count) words in order")
        #expect(try damageWarnings(book).contains { $0.message.contains("one stream") })
        #expect(try book.tableOfContents().count >= 7)
    }

    // MARK: TXT

    @Test("a UTF-8 text with a windows-1252 tail reads the tail as windows-1252, word for word, with a warning")
    func txtLatin1Tail() throws {
        let book = try open("txt-latin1-tail.txt")
        #expect(try words(book) == (try words(original("txt/lighthouse-keeper.txt"))))
        let warnings = try book.allWarnings()
        #expect(warnings.contains { $0.code == .invalidEncoding && $0.message.contains("read as windows-1252") }, "\(warnings)")
    }

    @Test("a run of NULs in a text is kept as text around it, and the words on either side read")
    func txtNULRun() throws {
        let book = try open("txt-nul-run.txt")
        let intact = try words(original("txt/lighthouse-keeper.txt"))
        let read = try words(book).filter { !$0.allSatisfy { $0 == "\u{0}" } }
        #expect(read.count >= intact.count - 1 && read.count <= intact.count + 1, "\(read.count) of \(intact.count)")
    }

    @Test("PDF files poppler refuses for want of a trailer get a rebuilt page tree: every page reads")
    func pdfXrefZeroed() throws {
        let book = try open("pdf-xref-zeroed.pdf")
        #expect(try pageTexts(book) == (try pageTexts(original("pdf/harbour-lights.pdf"))))
        #expect(try damageWarnings(book).contains { $0.message.contains("rebuilt page tree") })
    }

    @Test("a truncated PDF whose fonts and catalog are lost gives the lines poppler can still map, each a line of the intact book")
    func pdfTruncated() throws {
        let book = try open("pdf-truncated.pdf")
        let intactLines = Set(try pageTexts(original("pdf/harbour-lights.pdf")).flatMap { $0.split(separator: "\n") })
        let lines = try pageTexts(book).flatMap { $0.split(separator: "\n") }
        #expect(lines.count >= 5)
        #expect(lines.allSatisfy { intactLines.contains($0) }, "\(lines.filter { !intactLines.contains($0) }.prefix(3))")
    }

    // MARK: PDF

    private func pageTexts(_ document: any Document) throws -> [String] {
        let pdf = try #require(document as? PDFDocument)
        return try (1...pdf.pageCount).map { try pdf.extractedText(ofPage: $0) }
    }

    @Test("a PDF whose startxref lies reads whole")
    func pdfStartxrefLies() throws {
        #expect(try pageTexts(open("pdf-startxref-lies.pdf")) == (try pageTexts(original("pdf/harbour-lights.pdf"))))
    }

    @Test("a PDF page that cannot be loaded is a notice in its place and the other pages read as in the intact file")
    func pdfPageObjectBroken() throws {
        let book = try open("pdf-page-object-broken.pdf")
        let intact = try pageTexts(original("pdf/harbour-lights.pdf"))
        let pdf = try #require(book as? PDFDocument)
        #expect(pdf.pageCount == intact.count)
        var damaged: [Int] = []
        for page in 1...pdf.pageCount {
            let blocks = try book.content(ofSection: page - 1).blocks
            if blocks.first?.text.contains("damaged") == true {
                damaged.append(page)
            } else {
                // poppler leaves the broken page object out and numbers the pages after it one
                // lower; each page here keeps the number it has in the file.
                #expect(try pdf.extractedText(ofPage: page) == intact[page - 1], "page \(page)")
            }
        }
        #expect(damaged == [2])
        #expect(try damageWarnings(book).map(\.location.page) == damaged)
        // The outline's entries point at the same pages as in the intact file.
        func pages(_ document: any Document) throws -> [String: Int] {
            var pages: [String: Int] = [:]
            func visit(_ entries: [TOCEntry]) throws {
                for entry in entries {
                    pages[entry.title] = try document.textPosition(for: entry.locator).section + 1
                    try visit(entry.children)
                }
            }
            try visit(try document.tableOfContents())
            return pages
        }
        let intactPages = try pages(original("pdf/harbour-lights.pdf"))
        let damagedPages = try pages(book)
        #expect(damagedPages.count >= intactPages.count - 1)
        for (title, page) in damagedPages { #expect(intactPages[title] == page, "\(title)") }
    }
}

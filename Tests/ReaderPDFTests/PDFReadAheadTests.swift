import Foundation
import ReaderCore
import ReaderTestSupport
import Synchronization
import Testing
@testable import ReaderPDF

@Suite struct PDFReadAheadTests {
    /// Every section's blocks, read in order.
    private func allBlocks(_ document: PDFDocument) throws -> [[Block]] {
        try (0..<document.readingOrder.count).map { try document.content(ofSection: $0).blocks }
    }

    /// The corpus PDFs of more than one page that open without a password, and the TestBooks.
    private static let documents: [String] = {
        let corpus = PDFCorpus.files.filter { (PDFCorpus.pageCounts[$0] ?? nil).map { $0 > 1 } ?? false }.map(PDFCorpus.path)
        return ["harbour-lights.pdf", "two-columns.pdf", "scanned-page.pdf"].map(PDFCorpus.testBook) + corpus
    }()

    @Test func readingAheadGivesTheSameBlocksAsReadingPageByPage() throws {
        var compared = 0
        for path in Self.documents {
            guard let plain = try? PDFBackend().open(path: path, format: .pdf, options: .init()) as? PDFDocument,
                  let ahead = try? PDFBackend().open(path: path, format: .pdf, options: .init()) as? PDFDocument
            else { continue }
            ahead.reflow.startReadingAhead(workers: 2) { () throws(ReaderError) in
                let another = try PopplerDocument.open(path: path, password: nil)
                return { (page: Int) throws(ReaderError) -> PDFPageText in try another.pageTextAndLinks(page) }
            }
            #expect(try allBlocks(ahead) == allBlocks(plain), "\(path)")
            compared += 1
        }
        #expect(compared >= 4)
    }

    @Test func anEncryptedBookReadsAheadWithItsPassword() throws {
        let path = PDFCorpus.testBook("locked.pdf")
        let document = try #require(try PDFBackend().open(path: path, format: .pdf, options: .init(password: "reader-user"))
            as? PDFDocument)
        let plain = try allBlocks(document)
        let again = try #require(try PDFBackend().open(path: path, format: .pdf, options: .init(password: "reader-user"))
            as? PDFDocument)
        again.willReadSequentially()
        #expect(try allBlocks(again) == plain)
        #expect(!plain.joined().isEmpty)
    }

    @Test func aPageTheWorkersFailOnIsReadAgainByTheCaller() throws {
        let pages = (1...12).map { SyntheticPage(number: $0, lines: [.init(x: 40, y: 100, text: "Line of page \($0).")]).pageText }
        let reflow = PDFReflow(pageCount: pages.count) { (page: Int) throws(ReaderError) -> PDFPageText in pages[page - 1] }
        let workerTriedPage5 = Mutex(false)
        reflow.startReadingAhead(workers: 2) { () throws(ReaderError) in
            { (page: Int) throws(ReaderError) -> PDFPageText in
                guard page != 5 else {
                    workerTriedPage5.withLock { $0 = true }
                    throw ReaderError(.malformed, reason: "page 5 is damaged")
                }
                return pages[page - 1]
            }
        }
        #expect(try reflow.facts(ofPage: 1).lines.first?.text == "Line of page 1.")
        // The workers keep 8 pages ahead of page 1; wait until one has tried page 5.
        for _ in 0..<500 where !workerTriedPage5.withLock({ $0 }) { usleep(10_000) }
        #expect(workerTriedPage5.withLock { $0 })
        var failures = 0
        for page in 2...12 {
            do {
                #expect(try reflow.facts(ofPage: page).lines.first?.text == "Line of page \(page).")
            } catch {
                failures += 1
            }
        }
        // The caller reads the page the worker failed on itself, at once.
        #expect(failures == 0)
        #expect(try reflow.facts(ofPage: 5).lines.first?.text == "Line of page 5.")
        #expect(reflow.damagedPagesRead.isEmpty)
    }

    @Test func workersThatCannotOpenTheirOwnDocumentLeaveThePagesToTheCaller() throws {
        let pages = (1...4).map { SyntheticPage(number: $0, lines: [.init(x: 40, y: 100, text: "Page \($0) text.")]).pageText }
        let reflow = PDFReflow(pageCount: pages.count) { (page: Int) throws(ReaderError) -> PDFPageText in pages[page - 1] }
        reflow.startReadingAhead(workers: 2) { () throws(ReaderError) -> (Int) throws(ReaderError) -> PDFPageText in
            throw ReaderError(.unreadable, reason: "cannot open a second handle")
        }
        #expect(try (1...4).map { try reflow.facts(ofPage: $0).lines.first?.text } == (1...4).map { "Page \($0) text." })
    }

    @Test func workersKeepAFewPagesAheadAndStopWhenAsked() throws {
        let readPages = Mutex<[Int]>([])
        let readAhead = PDFPageReadAhead<PDFReflow.PageFacts>(pageCount: 100)
        readAhead.start(workers: 2) { () throws(ReaderError) in
            { (page: Int) throws(ReaderError) -> PDFReflow.PageFacts in
                readPages.withLock { $0.append(page) }
                return PDFReflow.PageFacts(text: SyntheticPage(number: page, lines: [.init(x: 40, y: 100, text: "p\(page)")]).pageText)
            }
        }
        _ = readAhead.take(1)
        // Give the workers time to run as far ahead as they may.
        for _ in 0..<500 where readPages.withLock({ $0.max() ?? 0 }) < 1 + PDFPageReadAhead<PDFReflow.PageFacts>.lead { usleep(10_000) }
        usleep(50_000)
        #expect(readPages.withLock { $0.max() ?? 0 } == 1 + PDFPageReadAhead<PDFReflow.PageFacts>.lead)
        // A jump: the workers skip to it rather than read every page in between.
        _ = readAhead.take(60)
        for _ in 0..<500 where readPages.withLock({ $0.max() ?? 0 }) < 60 + PDFPageReadAhead<PDFReflow.PageFacts>.lead { usleep(10_000) }
        #expect(readPages.withLock { $0.max() ?? 0 } == 60 + PDFPageReadAhead<PDFReflow.PageFacts>.lead)
        #expect(readPages.withLock { $0.count } <= 2 * (1 + PDFPageReadAhead<PDFReflow.PageFacts>.lead) + 2)
        readAhead.stop()
        // Once stopped, a page no worker has read is the caller's, at once.
        #expect(readAhead.take(90) == nil)
    }

    @Test func stopWaitsUntilEveryWorkerHasReleasedItsReader() throws {
        /// Counts the readers alive, as a poppler document would be open.
        final class Reader: Sendable {
            static let alive = Mutex(0)
            init() { Self.alive.withLock { $0 += 1 } }
            deinit { Self.alive.withLock { $0 -= 1 } }
            func read(_ page: Int) -> PDFReflow.PageFacts {
                usleep(20_000)  // a slow page, so that stop() comes while workers are reading
                return PDFReflow.PageFacts(text: SyntheticPage(number: page, lines: [.init(x: 40, y: 100, text: "p\(page)")]).pageText)
            }
        }
        let readAhead = PDFPageReadAhead<PDFReflow.PageFacts>(pageCount: 100)
        readAhead.start(workers: 3) { () throws(ReaderError) in
            let reader = Reader()
            return { (page: Int) throws(ReaderError) -> PDFReflow.PageFacts in reader.read(page) }
        }
        _ = readAhead.take(1)
        for _ in 0..<500 where Reader.alive.withLock({ $0 }) < 3 { usleep(1_000) }
        #expect(Reader.alive.withLock { $0 } == 3)
        readAhead.stop()
        #expect(Reader.alive.withLock { $0 } == 0)
    }
}

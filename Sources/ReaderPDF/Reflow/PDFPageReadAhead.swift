import Foundation
import ReaderCore

/// Reads pages ahead of the reflow on background threads, each with a poppler document of its
/// own, so that extracting the text of the next pages overlaps the reflow and layout of this one.
///
/// ``PDFReflow`` asks ``take(_:)`` for every page it needs. The answer is what a worker read, or
/// nil when no worker has the page, in which case the caller reads it itself. Workers stay at most
/// ``lead`` pages past the furthest page asked for, and skip forward when the caller jumps ahead,
/// so the work and memory stay bounded. What is read of a page depends on that page alone, so
/// which thread read it never changes the result.
final class PDFPageReadAhead<Page: Sendable>: @unchecked Sendable {
    // @unchecked: every stored var is read and written only while `condition` is locked.

    /// Reads one page (1-based).
    typealias PageReader = (Int) throws(ReaderError) -> Page

    /// How many pages past the furthest page asked for the workers may read.
    static var lead: Int { 8 }

    private let pageCount: Int
    private let condition = NSCondition()
    /// Pages a worker has read and the caller has not taken yet.
    private var finished: [Int: Result<Page, ReaderError>] = [:]
    /// Pages a worker is reading or has read.
    private var claimedByWorkers: Set<Int> = []
    /// Pages the caller reads itself, or has taken from a worker.
    private var claimedByCaller: Set<Int> = []
    private var furthestAsked = 0
    /// The next page a worker considers.
    private var cursor = 1
    private var stopped = false
    /// Workers started and not yet ended.
    private var running = 0

    /// Read-ahead over `pageCount` pages; nothing runs before ``start(workers:makeReader:)``.
    init(pageCount: Int) {
        self.pageCount = pageCount
    }

    /// Starts `count` worker threads. Each calls `makeReader` once, on its own thread, for a page
    /// reader it alone uses, and ends quietly when that fails (the caller then reads the pages).
    func start(workers count: Int, makeReader: @escaping @Sendable () throws(ReaderError) -> PageReader) {
        condition.lock()
        running += count
        condition.unlock()
        for _ in 0..<count {
            let thread = Thread { [self] in work(makeReader) }
            thread.name = "reader.pdf.read-ahead"
            // poppler recurses into nested content streams; give it the main thread's room.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Ends the workers after the page each is reading, and waits until they have released their
    /// readers: a worker still closing a poppler document while the process exits crashed inside
    /// poppler, whose globals were being destroyed under it.
    func stop() {
        condition.lock()
        defer { condition.unlock() }
        stopped = true
        condition.broadcast()
        while running > 0 { condition.wait() }
    }

    /// What a worker read of `page`, waiting while one is reading it; nil when the caller must
    /// read the page itself (no worker will read it from then on).
    func take(_ page: Int) -> Result<Page, ReaderError>? {
        condition.lock()
        defer { condition.unlock() }
        if page > furthestAsked {
            furthestAsked = page
            cursor = max(cursor, page)
            condition.broadcast()
        }
        while true {
            if let result = finished.removeValue(forKey: page) {
                claimedByWorkers.remove(page)
                claimedByCaller.insert(page)
                return result
            }
            if stopped || !claimedByWorkers.contains(page) {
                claimedByCaller.insert(page)
                return nil
            }
            condition.wait()
        }
    }

    private func work(_ makeReader: () throws(ReaderError) -> PageReader) {
        readPages(with: makeReader)
        condition.lock()
        running -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Reads pages until stopped or past the last page; the reader is released on return.
    private func readPages(with makeReader: () throws(ReaderError) -> PageReader) {
        guard let readPage = try? makeReader() else { return }
        while let page = nextPage() {
            let result = Result { () throws(ReaderError) in try readPage(page) }
            condition.lock()
            finished[page] = result
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The next page for a worker, waiting while the workers are ``lead`` pages ahead; nil once
    /// stopped or past the last page.
    private func nextPage() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while !stopped {
            while cursor <= pageCount, claimedByWorkers.contains(cursor) || claimedByCaller.contains(cursor) {
                cursor += 1
            }
            guard cursor <= pageCount else { return nil }
            if cursor <= furthestAsked + Self.lead {
                claimedByWorkers.insert(cursor)
                return cursor
            }
            condition.wait()
        }
        return nil
    }
}

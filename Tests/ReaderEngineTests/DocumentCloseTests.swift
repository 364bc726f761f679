import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// ``Document/close()``: read-ahead stops, file and C handles go at once, and a closed document
/// answers with a ``ReaderError``. Each test reads its own copy of a book, so the descriptors and
/// mappings counted are this test's alone, whatever other tests run meanwhile.
@Suite struct DocumentCloseTests {
    /// Descriptors of this process open on `path` (/proc/self/fd).
    static func descriptors(on path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }.count
    }

    /// Mappings of `path` in this process (/proc/self/maps, read to its end: procfs gives a large
    /// file a page at a time).
    static func mappings(of path: String) -> Int {
        let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile() ?? Data()
        let maps = String(decoding: data, as: UTF8.self)
        return maps.split(separator: "\n").filter { $0.hasSuffix(" " + path) }.count
    }

    /// Runs `body` with a copy of a TestBook at a path no other test uses.
    static func withCopy(of book: String, _ body: (String) throws -> Void) throws {
        try withTemporaryDirectory(prefix: "close") { directory in
            let copy = directory.appendingPathComponent((book as NSString).lastPathComponent).path
            try FileManager.default.copyItem(atPath: TestPaths.testBooks + "/" + book, toPath: copy)
            try body(copy)
        }
    }

    @Test("a PDF session closed while reading ahead releases its descriptors and then refuses to read")
    func pdfClosedWhileReadingAhead() throws {
        try Self.withCopy(of: "pdf/harbour-lights.pdf") { path in
            #expect(Self.descriptors(on: path) == 0)
            let session = try ReadingSession(path: path, viewport: try Viewport(columns: 60, rows: 20))
            _ = try session.page(1)
            session.document.willReadSequentially()  // starts the read-ahead threads
            #expect(Self.descriptors(on: path) > 0)
            session.close()
            #expect(Self.descriptors(on: path) == 0)
            let later = readerError { _ = try session.exactPageCount() }
            #expect(later?.kind == .invalidArgument)
            #expect(later?.reason == "the document is closed")
            #expect(readerError { _ = try session.document.content(ofSection: 0) } != nil)
            #expect(readerError { _ = try session.document.tableOfContents() } != nil)
            session.close()  // twice does nothing
        }
    }

    @Test("a PDF closed during a full pass on another thread ends that pass with an error, not a crash")
    func pdfClosedDuringAPass() throws {
        try Self.withCopy(of: "pdf/two-columns.pdf") { path in
            let session = try ReadingSession(path: path, viewport: try Viewport(columns: 40, rows: 8))
            let outcome = PassOutcome()
            let group = DispatchGroup()
            group.enter()
            Thread {
                outcome.count(session)
                group.leave()
            }.start()
            usleep(2_000)
            session.close()
            group.wait()
            if case .failure(let error) = outcome.value { #expect(error.reason == "the document is closed") }
            #expect(Self.descriptors(on: path) == 0)
        }
    }

    @Test("an EPUB closes its zip archive")
    func epubReleasesItsArchive() throws {
        try Self.withCopy(of: "epub/lighthouse-keeper.epub") { path in
            let session = try ReadingSession(path: path, viewport: try Viewport(columns: 60, rows: 20))
            _ = try session.page(2)
            #expect(Self.descriptors(on: path) > 0)
            session.close()
            #expect(Self.descriptors(on: path) == 0)
            #expect(readerError { _ = try session.document.content(ofSection: 0) }?.reason == "the document is closed")
        }
    }

    @Test("a MOBI book and an AZW3 book close their file", arguments: ["mobi/lighthouse-keeper.mobi", "mobi/lighthouse-keeper.azw3"])
    func mobiReleasesItsFile(book: String) throws {
        try Self.withCopy(of: book) { path in
            let session = try ReadingSession(path: path, viewport: try Viewport(columns: 60, rows: 20))
            _ = try session.page(2)
            #expect(Self.descriptors(on: path) > 0)
            session.close()
            #expect(Self.descriptors(on: path) == 0)
            #expect(readerError { _ = try session.document.content(ofSection: 0) }?.reason == "the document is closed")
            #expect(readerError { _ = try (session.document as? any CoverProviding)?.coverImage() }?.reason
                    == "the document is closed")
        }
    }

    @Test("a TXT file is unmapped")
    func txtUnmapsItsFile() throws {
        try Self.withCopy(of: "txt/lighthouse-keeper.txt") { path in
            let session = try ReadingSession(path: path, viewport: try Viewport(columns: 60, rows: 20))
            _ = try session.page(2)
            #expect(Self.mappings(of: path) > 0)
            session.close()
            #expect(Self.mappings(of: path) == 0)
            #expect(Self.descriptors(on: path) == 0)
            let error = readerError { _ = try session.document.content(ofSection: 0) }
            #expect(error?.kind == .invalidArgument)
            #expect(readerError { _ = try session.document.locator(at: .start) } != nil)
        }
    }
}

/// What a pass on another thread ended with.
private final class PassOutcome: @unchecked Sendable {
    // @unchecked: `result` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var result: Result<Int, ReaderError>?

    /// Counts `session`'s pages and keeps the count or the error.
    func count(_ session: ReadingSession) {
        let value: Result<Int, ReaderError>
        do {
            value = .success(try session.exactPageCount())
        } catch {
            value = .failure(error)
        }
        lock.withLock { result = value }
    }
    var value: Result<Int, ReaderError>? { lock.withLock { result } }
}

import Foundation
import ReaderCore
import ReaderTestSupport
import Testing

/// Error codes are open values, the cause stays out of the one-line message.
@Suite struct ReaderErrorTests {
    /// A code a backend adds without touching ReaderCore.
    static let quotaExceeded = ReaderError.Code(rawValue: "quotaExceeded")

    /// What a caller's switch looks like: it needs a default, so new codes never break it.
    private func exitStatus(_ error: ReaderError) -> Int32 {
        switch error.code {
        case .invalidArgument, .invalidLocator: 2
        case Self.quotaExceeded: 3
        default: 1
        }
    }

    @Test("a new code compares, switches and encodes like the built-in ones")
    func newCodes() throws {
        let error = ReaderError(Self.quotaExceeded, file: "a.txt", reason: "too many books")
        #expect(error.kind == Self.quotaExceeded)
        #expect(error.code != .malformed)
        #expect(exitStatus(error) == 3)
        #expect(exitStatus(ReaderError(.invalidLocator, reason: "x")) == 2)
        #expect(exitStatus(ReaderError(.malformed, reason: "x")) == 1)
        #expect(String(decoding: try JSONEncoder().encode(error.code), as: UTF8.self) == #""quotaExceeded""#)
        #expect(ReaderError.Kind.fileNotFound.rawValue == "fileNotFound", "the former name still reads the same")
    }

    @Test("the cause is in the debug description, not in the one-line description")
    func cause() {
        let posix = POSIXError(.EACCES)
        let inner = ReaderError(.unreadable, file: "book.epub", reason: "cannot open", cause: posix)
        let outer = ReaderError(.malformed, file: "book.epub", format: .epub, reason: "content document broken", cause: inner)
        #expect(outer.description == "book.epub: epub: content document broken")
        #expect(!outer.description.contains("\n"))
        let lines = outer.debugDescription.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "malformed: book.epub: epub: content document broken")
        #expect(lines[1] == "caused by: unreadable: book.epub: cannot open")
        #expect(lines[2].hasPrefix("caused by: ") && lines[2].contains("POSIXError"), "\(lines[2])")
        #expect(ReaderError(.malformed, reason: "x").debugDescription == "malformed: x")
    }

    @Test("a missing file is one line, with the system error as its cause")
    func systemCause() throws {
        let missing = try #require(readerError { _ = try ReadOnlyFile(path: "/no/such/file") })
        #expect(missing.code == .fileNotFound)
        #expect(missing.description == "/no/such/file: no such file")
        #expect((missing.cause as? POSIXError)?.code == .ENOENT)
    }
}

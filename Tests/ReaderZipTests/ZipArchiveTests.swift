import CLibZip
import ReaderCore
@testable import ReaderZip
import ReaderTestSupport
import Testing

@Suite("Zip archive: listing and reading")
struct ZipArchiveTests {
    private let text = String(repeating: "It was the best of times, it was the worst of times. ", count: 200)

    @Test("entries come in archive order with their declared fields")
    func listing() throws {
        let bytes = try ZipFixture.bytes([
            ZipFixture.Entry("mimetype", "application/epub+zip", method: ZIP_CM_STORE),
            ZipFixture.Entry("OEBPS/", []),
            ZipFixture.Entry("OEBPS/chapter.xhtml", text),
            ZipFixture.Entry("empty.txt", []),
        ])
        let archive = try ZipFixture.open(bytes)
        #expect(archive.entries.map(\.name) == ["mimetype", "OEBPS/", "OEBPS/chapter.xhtml", "empty.txt"])
        #expect(archive.entries.map(\.index) == [0, 1, 2, 3])
        #expect(archive.warnings.isEmpty)

        let mimetype = try #require(archive.entry(named: "mimetype"))
        #expect(mimetype.compression == .stored)
        #expect(mimetype.size == 20 && mimetype.compressedSize == 20)
        #expect(!mimetype.isEncrypted && mimetype.nameProblem == nil)

        let chapter = try #require(archive.entry(named: "OEBPS/chapter.xhtml"))
        #expect(chapter.compression == .deflate)
        #expect(chapter.size == text.utf8.count)
        #expect(chapter.compressedSize < chapter.size / 10)
        #expect(chapter.crc32 == (try ZipBytes(bytes: bytes).crc(of: "OEBPS/chapter.xhtml")))
        #expect(archive.entry(named: "OEBPS/")?.isDirectory == true)
        #expect(archive.entry(named: "oebps/chapter.xhtml") == nil)
    }

    @Test("stored, deflated and bzip2 entries read back exactly", arguments: [ZIP_CM_STORE, ZIP_CM_DEFLATE, ZIP_CM_BZIP2])
    func roundTrip(method: Int32) throws {
        var generator = SeededRandom(seed: UInt64(method))
        let noise = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let archive = try ZipFixture.open([
            ZipFixture.Entry("text.txt", Array(text.utf8), method: method),
            ZipFixture.Entry("noise.bin", noise, method: method),
            ZipFixture.Entry("empty", [], method: method),
        ])
        #expect(try archive.read("text.txt") == Array(text.utf8))
        #expect(try archive.read("noise.bin") == noise)
        #expect(try archive.read("empty") == [])
        #expect(archive.inflatedByteCount == text.utf8.count + noise.count)
    }

    @Test("a missing entry is entryMissing and names the entry")
    func missingEntry() throws {
        let archive = try ZipFixture.open([ZipFixture.Entry("a.txt", "a")])
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("b.txt") })
        #expect(error.kind == .entryMissing)
        #expect(error.entry == "b.txt")
        #expect(error.reason.contains("'b.txt'"))
    }

    @Test("concurrent reads of one archive are serialised and all correct")
    func concurrentReads() async throws {
        let contents = (0..<16).map { index in Array(String(repeating: "entry \(index) ", count: 5000).utf8) }
        let archive = try ZipFixture.open(contents.enumerated().map { ZipFixture.Entry("e\($0.offset).txt", $0.element) })
        let matched = try await withThrowingTaskGroup(of: Bool.self) { group in
            for round in 0..<4 {
                for index in contents.indices {
                    let wanted = (index + round) % contents.count
                    group.addTask { try archive.read("e\(wanted).txt") == contents[wanted] }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(matched == 64)
        #expect(archive.inflatedByteCount == 4 * contents.reduce(0) { $0 + $1.count })
    }

    @Test("errors map to the engine's ReaderError for EPUB")
    func readerErrorMapping() {
        let cases: [(ZipError.Kind, ReaderError.Kind)] = [
            (.notZip, .malformed), (.malformed, .malformed), (.entryMissing, .malformed),
            (.limitExceeded, .malformed), (.encrypted, .encrypted), (.io, .unreadable), (.fileNotFound, .fileNotFound),
        ]
        for (zipKind, readerKind) in cases {
            let error = ZipError(zipKind, entry: "x", reason: "something about 'x'").readerError(file: "/b.epub", format: .epub)
            #expect(error.kind == readerKind)
            #expect(error.format == .epub)
            #expect(error.file == "/b.epub")
            #expect(error.description == "/b.epub: epub: something about 'x'")
        }
    }
}

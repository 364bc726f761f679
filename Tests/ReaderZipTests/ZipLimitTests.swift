import CLibZip
@testable import ReaderZip
import ReaderTestSupport
import Testing

@Suite("Zip archive: bombs and budgets")
struct ZipLimitTests {
    private static let mebibyte = 1 << 20
    /// 50 MiB of zeros deflated: about 50 KB in the archive.
    private static let bomb: [UInt8] = try! ZipFixture.bytes([
        ZipFixture.Entry("mimetype", "application/epub+zip", method: ZIP_CM_STORE),
        ZipFixture.Entry("bomb.xhtml", [UInt8](repeating: 0, count: 50 * mebibyte)),
    ])
    private let small = ZipFixture.limits { $0.maxEntryBytes = 8 * mebibyte }

    @Test("a bomb that declares its size is refused before inflating anything")
    func honestBomb() throws {
        let archive = try ZipFixture.open(Self.bomb, limits: small)
        #expect(try #require(archive.entry(named: "bomb.xhtml")).compressedSize < 100_000)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("bomb.xhtml") })
        #expect(error.kind == .limitExceeded)
        #expect(error.reason.contains("declares 52428800 bytes"))
        #expect(archive.inflatedByteCount == 0)
        #expect(try archive.read("mimetype") == Array("application/epub+zip".utf8))
    }

    @Test("a bomb whose header claims the limit is refused while inflating, one byte past it")
    func lyingBombAtLimit() throws {
        var bytes = ZipBytes(bytes: Self.bomb)
        try bytes.declareSize(of: "bomb.xhtml", UInt32(8 * Self.mebibyte))
        let archive = try ZipFixture.open(bytes.bytes, limits: small)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("bomb.xhtml") })
        #expect(error.kind == .limitExceeded)
        #expect(error.reason == "'bomb.xhtml' inflates past the limit of 8388608 bytes per entry")
        #expect(archive.inflatedByteCount == 8 * Self.mebibyte + 1)
    }

    @Test("a bomb whose header claims a small size is refused as soon as it outgrows it")
    func lyingBombSmall() throws {
        var bytes = ZipBytes(bytes: Self.bomb)
        try bytes.declareSize(of: "bomb.xhtml", 1000)
        let archive = try ZipFixture.open(bytes.bytes)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("bomb.xhtml") })
        #expect(error.kind == .malformed)
        #expect(error.reason.contains("more than the 1000 bytes its header declares"))
        #expect(archive.inflatedByteCount == 1001)
    }

    @Test("the ratio cap stops a highly compressed entry once past the grace size")
    func ratioCap() throws {
        let limits = ZipFixture.limits {
            $0.maxCompressionRatio = 100
            $0.ratioGraceBytes = Self.mebibyte
        }
        let archive = try ZipFixture.open([ZipFixture.Entry("zeros", [UInt8](repeating: 0, count: 8 * Self.mebibyte))],
                                          limits: limits)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("zeros") })
        #expect(error.kind == .limitExceeded)
        #expect(error.reason.contains("more than 100 times"))
        #expect(archive.inflatedByteCount == Self.mebibyte + 1)
    }

    @Test("with standard limits, a bzip2 bomb is stopped by the ratio cap at 4 MiB")
    func bzip2Bomb() throws {
        let archive = try ZipFixture.open([
            ZipFixture.Entry("bomb", [UInt8](repeating: 0x41, count: 16 * Self.mebibyte), method: ZIP_CM_BZIP2),
        ])
        let entry = try #require(archive.entry(named: "bomb"))
        #expect(entry.compressedSize * 1000 < 4 * Self.mebibyte)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("bomb") })
        #expect(error.kind == .limitExceeded)
        #expect(error.reason.contains("zip bomb"))
        #expect(archive.inflatedByteCount == 4 * Self.mebibyte + 1)
    }

    @Test("ordinary text is never caught by the ratio cap")
    func ordinaryText() throws {
        var generator = SeededRandom(seed: 3)
        let words = ["the", "whale", "sea", "Ishmael", "ship", "captain", "white", "and", "of", "a"]
        let text = (0..<100_000).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
        let limits = ZipFixture.limits { $0.ratioGraceBytes = 0; $0.maxCompressionRatio = 20 }
        let archive = try ZipFixture.open([ZipFixture.Entry("chapter.xhtml", text)], limits: limits)
        #expect(try archive.read("chapter.xhtml").count == text.utf8.count)
    }

    @Test("the total budget spans every read of the archive, rereads included")
    func totalBudget() throws {
        let entries = (0..<4).map { index in
            ZipFixture.Entry("part\(index).txt", [UInt8](repeating: UInt8(ascii: "a") + UInt8(index), count: Self.mebibyte))
        }
        let archive = try ZipFixture.open(entries, limits: ZipFixture.limits { $0.maxTotalBytes = 3 * Self.mebibyte })
        #expect(try archive.read("part0.txt").count == Self.mebibyte)
        #expect(try archive.read("part1.txt").count == Self.mebibyte)
        #expect(try archive.read("part0.txt").count == Self.mebibyte)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("part3.txt") })
        #expect(error.kind == .limitExceeded)
        #expect(error.reason.contains("limit of 3145728 inflated bytes"))
        #expect(archive.inflatedByteCount == 3 * Self.mebibyte + 1)
        #expect(ZipFixture.failure { () throws(ZipError) in try archive.read("part2.txt") }?.kind == .limitExceeded)
    }

    @Test("more entries than the limit fail the open")
    func entryCount() throws {
        let bytes = try ZipFixture.bytes((0..<30).map { ZipFixture.Entry("f\($0)", "x") })
        #expect(try ZipFixture.open(bytes, limits: ZipFixture.limits { $0.maxEntryCount = 30 }).entries.count == 30)
        let error = try ZipFixture.withFile(bytes) { path in
            ZipFixture.failure { () throws(ZipError) in try ZipArchive(path: path, limits: ZipFixture.limits { $0.maxEntryCount = 29 }) }
        }
        #expect(error?.kind == .limitExceeded)
        #expect(error?.reason == "the archive lists 30 entries, more than the limit of 29")
    }

    @Test("an end record claiming an absurd entry count is refused at open")
    func absurdEntryCount() throws {
        var bytes = ZipBytes(bytes: try ZipFixture.bytes([ZipFixture.Entry("a", "a"), ZipFixture.Entry("b", "b")]))
        let end = bytes.bytes.count - 22
        #expect(bytes.uint32(at: end) == 0x0605_4B50)
        bytes.bytes[end + 8] = 0xFF; bytes.bytes[end + 9] = 0xFF
        bytes.bytes[end + 10] = 0xFF; bytes.bytes[end + 11] = 0xFF
        let error = try ZipFixture.withFile(bytes.bytes) { path in
            ZipFixture.failure { () throws(ZipError) in try ZipArchive(path: path) }
        }
        #expect(error?.kind == .malformed)
    }
}

import CLibZip
@testable import ReaderZip
import ReaderCore
import ReaderTestSupport
import Testing

@Suite("Zip archive: truncated, corrupt and lying archives")
struct ZipCorruptionTests {
    private static let contents: [String: [UInt8]] = [
        "mimetype": Array("application/epub+zip".utf8),
        "META-INF/container.xml": Array("<?xml version=\"1.0\"?><container><rootfiles/></container>".utf8),
        "OEBPS/chapter.xhtml": Array(String(repeating: "<p>Call me Ishmael.</p>\n", count: 12).utf8),
    ]
    private static let good: [UInt8] = try! ZipFixture.bytes([
        ZipFixture.Entry("mimetype", contents["mimetype"]!, method: ZIP_CM_STORE),
        ZipFixture.Entry("META-INF/container.xml", contents["META-INF/container.xml"]!),
        ZipFixture.Entry("OEBPS/chapter.xhtml", contents["OEBPS/chapter.xhtml"]!),
    ])

    /// What opening and reading every entry gives: the error, or the entries read.
    private enum Outcome {
        case failed(ZipError)
        case read([String: [UInt8]], failures: [ZipError])
    }

    private func exercise(_ bytes: [UInt8]) -> Outcome {
        let archive: ZipArchive
        do throws(ZipError) {
            archive = try ZipArchive(bytes: bytes, name: "damaged.epub")
        } catch {
            return .failed(error)
        }
        var read: [String: [UInt8]] = [:]
        var failures: [ZipError] = []
        for entry in archive.entries where entry.nameProblem == nil {
            do throws(ZipError) {
                read[entry.name] = try archive.read(entry.name)
            } catch {
                failures.append(error)
            }
        }
        return .read(read, failures: failures)
    }

    @Test("the good archive reads back")
    func good() throws {
        guard case .read(let read, let failures) = exercise(Self.good) else {
            Issue.record("the good archive failed")
            return
        }
        #expect(failures.isEmpty)
        #expect(read == Self.contents)
    }

    @Test("every truncation fails to open: empty or no signature is notZip, the rest malformed")
    func truncations() throws {
        for length in 0..<Self.good.count {
            let outcome = exercise(Array(Self.good.prefix(length)))
            guard case .failed(let error) = outcome else {
                Issue.record("a cut at \(length) of \(Self.good.count) bytes opened")
                continue
            }
            #expect(error.kind == (length < 4 ? .notZip : .malformed), "cut at \(length): \(error)")
        }
    }

    @Test("a cut file that still has its central directory fails on the entries it lost")
    func lostData() throws {
        // Remove bytes from the middle of the last entry's data: the directory survives but
        // points past what is there.
        var bytes = ZipBytes(bytes: Self.good)
        let records = try bytes.records(of: "OEBPS/chapter.xhtml")
        bytes.bytes.removeSubrange((records.data + 2)..<(records.data + 12))
        let end = bytes.bytes.count - 22
        bytes.setUInt32(bytes.uint32(at: end + 16) - 10, at: end + 16)
        let outcome = exercise(bytes.bytes)
        switch outcome {
        case .failed(let error):
            #expect(error.kind == .malformed)
        case .read(let read, let failures):
            #expect(read["OEBPS/chapter.xhtml"] == nil)
            #expect(failures.map(\.kind) == [.malformed])
        }
    }

    @Test("flipping any byte gives the original contents or a ZipError, never wrong bytes",
          arguments: [0xFF, 0x01, 0x80] as [UInt8])
    func byteFlips(mask: UInt8) throws {
        var tally = (openFailed: 0, readFailed: 0, clean: 0)
        for offset in Self.good.indices {
            var bytes = Self.good
            bytes[offset] ^= mask
            let outcome = exercise(bytes)
            check(outcome, what: "flip \(mask) at \(offset)")
            switch outcome {
            case .failed: tally.openFailed += 1
            case .read(_, let failures) where !failures.isEmpty: tally.readFailed += 1
            case .read: tally.clean += 1
            }
        }
        // Flips in unused header fields (times, versions, extra fields) change nothing; flips in
        // the directory's structure fail the open; flips in data, sizes or CRCs fail the read.
        #expect(tally.openFailed > 0 && tally.readFailed > 0 && tally.clean > 0, "\(tally)")
    }

    @Test("random byte values at random places give the original contents or a ZipError")
    func randomDamage() throws {
        var generator = SeededRandom(seed: 2024)
        for round in 0..<300 {
            var bytes = Self.good
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: bytes.indices, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            check(exercise(bytes), what: "round \(round)")
        }
    }

    private func check(_ outcome: Outcome, what: String) {
        switch outcome {
        case .failed(let error):
            #expect(!error.reason.isEmpty, "\(what)")
        case .read(let read, let failures):
            for failure in failures { #expect(!failure.reason.isEmpty, "\(what)") }
            for (name, bytes) in read {
                // A name that changed is a different entry; any entry read under an original name
                // must be exactly the original: CRC, sizes and headers leave no room for silent damage.
                if let original = Self.contents[name] { #expect(bytes == original, "\(what): \(name)") }
            }
        }
    }

    @Test("a CRC mismatch in the data is detected on read")
    func crcMismatchInData() throws {
        var bytes = ZipBytes(bytes: Self.good)
        let records = try bytes.records(of: "mimetype")
        bytes.bytes[records.data + 5] = UInt8(ascii: "X")
        let archive = try ZipFixture.open(bytes.bytes)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("mimetype") })
        #expect(error.kind == .malformed)
        #expect(error.reason == "cannot read 'mimetype': CRC error")
        #expect(try archive.read("OEBPS/chapter.xhtml") == Self.contents["OEBPS/chapter.xhtml"])
    }

    @Test("a CRC mismatch in the headers is detected on read")
    func crcMismatchInHeaders() throws {
        var bytes = ZipBytes(bytes: Self.good)
        try bytes.declareCRC(of: "OEBPS/chapter.xhtml", try bytes.crc(of: "OEBPS/chapter.xhtml") ^ 1)
        let archive = try ZipFixture.open(bytes.bytes)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("OEBPS/chapter.xhtml") })
        #expect(error.kind == .malformed)
        #expect(error.reason.contains("CRC error"))
    }

    @Test("an entry longer than it declares is refused", arguments: [ZIP_CM_STORE, ZIP_CM_DEFLATE])
    func longerThanDeclared(method: Int32) throws {
        let text = Array(String(repeating: "abcdefghij", count: 1000).utf8)
        var bytes = ZipBytes(bytes: try ZipFixture.bytes([ZipFixture.Entry("a.txt", text, method: method)]))
        try bytes.declareSize(of: "a.txt", 100)
        let archive = try ZipFixture.open(bytes.bytes)
        #expect(archive.entry(named: "a.txt")?.size == 100)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("a.txt") })
        #expect(error.kind == .malformed)
        #expect(error.reason == "'a.txt' inflates to more than the 100 bytes its header declares")
    }

    @Test("an entry shorter than it declares is refused", arguments: [ZIP_CM_STORE, ZIP_CM_DEFLATE])
    func shorterThanDeclared(method: Int32) throws {
        let text = Array(String(repeating: "abcdefghij", count: 1000).utf8)
        var bytes = ZipBytes(bytes: try ZipFixture.bytes([ZipFixture.Entry("a.txt", text, method: method)]))
        try bytes.declareSize(of: "a.txt", 20_000)
        let archive = try ZipFixture.open(bytes.bytes)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("a.txt") })
        #expect(error.kind == .malformed)
        #expect(error.entry == "a.txt")
    }

    @Test("a zip-encrypted entry is flagged, and reading it throws encrypted")
    func encrypted() throws {
        let archive = try ZipFixture.open([
            ZipFixture.Entry("mimetype", "application/epub+zip", method: ZIP_CM_STORE),
            ZipFixture.Entry("OEBPS/secret.xhtml", Array("<p>secret</p>".utf8), encrypted: true),
        ])
        #expect(archive.entry(named: "mimetype")?.isEncrypted == false)
        #expect(archive.entry(named: "OEBPS/secret.xhtml")?.isEncrypted == true)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read("OEBPS/secret.xhtml") })
        #expect(error.kind == .encrypted)
        #expect(error.reason == "'OEBPS/secret.xhtml' is encrypted")
        #expect(error.readerError(file: "b.epub", format: .epub).kind == .encrypted)
        #expect(try archive.read("mimetype") == Array("application/epub+zip".utf8))
    }

    @Test("the traditional PKWARE encryption bit alone is enough to flag an entry")
    func encryptionBit() throws {
        var bytes = ZipBytes(bytes: Self.good)
        let records = try bytes.records(of: "OEBPS/chapter.xhtml")
        bytes.bytes[records.local + 6] |= 1
        bytes.bytes[records.central + 8] |= 1
        let archive = try ZipFixture.open(bytes.bytes)
        #expect(archive.entry(named: "OEBPS/chapter.xhtml")?.isEncrypted == true)
        #expect(ZipFixture.failure { () throws(ZipError) in try archive.read("OEBPS/chapter.xhtml") }?.kind == .encrypted)
    }

    @Test("opening from a path and from memory agree", arguments: [0, 3, 4, 200, Int.max])
    func pathAndMemoryAgree(cut: Int) throws {
        let bytes = Array(Self.good.prefix(cut))
        let fromMemory = ZipFixture.failure { () throws(ZipError) in try ZipArchive(bytes: bytes, name: "m").entries }
        let fromPath = try ZipFixture.withFile(bytes) { path in
            ZipFixture.failure { () throws(ZipError) in try ZipArchive(path: path).entries }
        }
        #expect(fromMemory == fromPath)
    }

    @Test("files that are not archives: text, empty, missing, a directory")
    func notArchives() throws {
        let text = try ZipFixture.withFile(Array("just some text, no zip here".utf8)) { path in
            ZipFixture.failure { () throws(ZipError) in try ZipArchive(path: path) }
        }
        #expect(text?.kind == .notZip)
        #expect(text?.reason == "cannot open the archive: not a zip archive")

        let empty = try ZipFixture.withFile([]) { path in
            ZipFixture.failure { () throws(ZipError) in try ZipArchive(path: path) }
        }
        #expect(empty?.kind == .notZip)
        #expect(empty?.reason == "the file is empty")

        let missing = ZipFixture.failure { () throws(ZipError) in try ZipArchive(path: "/nonexistent/book.epub") }
        #expect(missing?.kind == .fileNotFound)
        #expect(missing?.readerError(file: "/nonexistent/book.epub", format: .epub).kind == .fileNotFound)

        let directory = ZipFixture.failure { () throws(ZipError) in try ZipArchive(path: "/tmp") }
        #expect(directory?.kind == .io)
        #expect(directory?.readerError(file: "/tmp", format: .epub).kind == .unreadable)
    }
}

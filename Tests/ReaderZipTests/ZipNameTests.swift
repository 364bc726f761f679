import CLibZip
@testable import ReaderZip
import Testing

@Suite("Zip archive: hostile and duplicate names")
struct ZipNameTests {
    @Test("unsafe names are listed, reported, and never readable by name",
          arguments: ["../evil", "/abs", "a\\b", "OEBPS/../../evil", "..", "OEBPS/.."])
    func unsafeName(name: String) throws {
        let archive = try ZipFixture.open([ZipFixture.Entry("safe.txt", "safe"), ZipFixture.Entry(name, "evil")])
        #expect(archive.entries.map(\.name) == ["safe.txt", name])
        #expect(archive.entries[1].nameProblem != nil)
        #expect(archive.entry(named: name) == nil)
        #expect(archive.warnings.count == 1)
        #expect(archive.warnings.first?.contains("entry 1") == true)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try archive.read(name) })
        #expect(error.kind == .entryMissing)
        #expect(error.reason.contains("is never read"))
        #expect(try archive.read("safe.txt") == Array("safe".utf8))
    }

    @Test("names that merely look odd stay readable", arguments: ["a..b.txt", "..hidden", "dir/...", "sp ace/é.xhtml"])
    func oddButSafe(name: String) throws {
        let archive = try ZipFixture.open([ZipFixture.Entry(name, "fine")])
        #expect(archive.warnings.isEmpty)
        #expect(try archive.read(name) == Array("fine".utf8))
    }

    @Test("the unsafe-name rule")
    func rule() {
        #expect(ZipEntryName.problem("") == "the name is empty")
        #expect(ZipEntryName.problem("a\u{0}b") == "the name contains a NUL character")
        #expect(ZipEntryName.problem("/etc/passwd") == "the name is an absolute path")
        #expect(ZipEntryName.problem("..\\evil") == "the name contains a backslash")
        #expect(ZipEntryName.problem("a/../../b") == "the name contains a '..' segment")
        #expect(ZipEntryName.problem("OEBPS/content.opf") == nil)
    }

    @Test("an empty name patched into the headers is reported and unreadable")
    func emptyName() throws {
        // libzip will not write an empty name, so the one-byte name is cut out of both headers.
        var bytes = ZipBytes(bytes: try ZipFixture.bytes([ZipFixture.Entry("x", "payload", method: ZIP_CM_STORE)]))
        let records = try bytes.records(of: "x")
        bytes.bytes.remove(at: records.local + 30)
        bytes.bytes[records.local + 26] = 0
        let central = records.central - 1
        bytes.bytes.remove(at: central + 46)
        bytes.bytes[central + 28] = 0
        let end = bytes.bytes.count - 22
        bytes.setUInt32(bytes.uint32(at: end + 12) - 1, at: end + 12)
        bytes.setUInt32(bytes.uint32(at: end + 16) - 1, at: end + 16)
        let archive = try ZipFixture.open(bytes.bytes)
        #expect(archive.entries.first?.name == "")
        #expect(archive.entries.first?.nameProblem == "the name is empty")
        #expect(ZipFixture.failure { () throws(ZipError) in try archive.read("") }?.kind == .entryMissing)
    }

    @Test("a NUL byte in a stored name never reaches a lookup")
    func nulName() throws {
        var bytes = ZipBytes(bytes: try ZipFixture.bytes([ZipFixture.Entry("aXb.txt", "payload")]))
        try bytes.rename("aXb.txt", to: Array("a\u{0}b.txt".utf8))
        let archive = try ZipFixture.open(bytes.bytes)
        // libzip turns a NUL inside a name into a space as it reads the central directory.
        let name = try #require(archive.entries.first?.name)
        #expect(name == "a b.txt")
        #expect(archive.entry(named: "a") == nil)
        #expect(ZipFixture.failure { () throws(ZipError) in try archive.read("a\u{0}b.txt") }?.kind == .entryMissing)
    }

    @Test("duplicate names are reported and the first entry wins")
    func duplicates() throws {
        var bytes = ZipBytes(bytes: try ZipFixture.bytes([
            ZipFixture.Entry("a.txt", "first"), ZipFixture.Entry("b.txt", "second"),
        ]))
        try bytes.rename("b.txt", to: Array("a.txt".utf8))
        let archive = try ZipFixture.open(bytes.bytes)
        #expect(archive.entries.map(\.name) == ["a.txt", "a.txt"])
        #expect(archive.warnings == ["entries 0 and 1 are both named 'a.txt'; the first is used"])
        #expect(archive.entry(named: "a.txt")?.index == 0)
        #expect(try archive.read("a.txt") == Array("first".utf8))
        #expect(archive.entry(named: "b.txt") == nil)
    }

    @Test("libzip's ZIP_CHECKCONS refuses duplicate names, which is why the archive opens without it")
    func checkconsRefusesDuplicates() throws {
        var bytes = ZipBytes(bytes: try ZipFixture.bytes([ZipFixture.Entry("a.txt", "1"), ZipFixture.Entry("b.txt", "2")]))
        try bytes.rename("b.txt", to: Array("a.txt".utf8))
        let opened = try ZipFixture.withFile(bytes.bytes) { path in
            var code: Int32 = 0
            let strict = zip_open(path, ZIP_RDONLY | ZIP_CHECKCONS, &code)
            defer { if let strict { zip_discard(strict) } }
            return (strict != nil, code)
        }
        #expect(opened.0 == false)
        #expect(opened.1 == ZIP_ER_EXISTS || opened.1 == ZIP_ER_INCONS)
    }

    @Test("warnings are capped, with a count of the rest")
    func warningCap() throws {
        let archive = try ZipFixture.open((0..<80).map { ZipFixture.Entry("../e\($0)", "x") })
        #expect(archive.warnings.count == 51)
        #expect(archive.warnings.last == "30 more unsafe or duplicate entry names")
    }
}

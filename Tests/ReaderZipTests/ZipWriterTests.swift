import Foundation
import ReaderCore
import ReaderEngine
@testable import ReaderZip
import ReaderTestSupport
import Testing

@Suite("Zip writer: archives read back, deterministic, EPUB-shaped")
struct ZipWriterTests {
    private static let mimetype = Array("application/epub+zip".utf8)
    private static let chapter = Array(String(repeating: "<p>Call me Ishmael. Some years ago…</p>\n", count: 400).utf8)
    private static let noise: [UInt8] = {
        var generator = SeededRandom(seed: 16)
        return (0..<600_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }()

    /// What a small book gives the writer, in order.
    private static let book: [(name: String, bytes: [UInt8], method: ZipWriteMethod?)] = [
        ("mimetype", mimetype, .stored),
        ("META-INF/", [], nil),
        ("META-INF/container.xml", Array("<?xml version=\"1.0\"?><container/>".utf8), .deflate(level: 9)),
        ("OEBPS/chapter.xhtml", chapter, nil),
        ("OEBPS/images/noise.bin", noise, .deflate(level: 1)),
        ("OEBPS/check.txt", Array("123456789".utf8), .stored),
        ("OEBPS/empty.txt", [], nil),
        ("OEBPS/Kapitel é 一.xhtml", Array("<p>é</p>".utf8), nil),
    ]

    private static func write(_ entries: [(name: String, bytes: [UInt8], method: ZipWriteMethod?)] = book,
                              to path: String, modified: ZipTimestamp = .dosEpoch, deflatesAhead: Bool = false) throws {
        let writer = try ZipWriter(path: path, modified: modified, deflatesAhead: deflatesAhead)
        for entry in entries { try writer.add(entry.name, entry.bytes, method: entry.method) }
        try writer.finish()
    }

    private static func bytes(of path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("the reading side finds every entry in order, with its method, size, CRC and bytes")
    func roundTrip() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("book.epub").path
            try Self.write(to: path)
            let archive = try ZipArchive(path: path)
            #expect(archive.warnings.isEmpty)
            #expect(archive.entries.map(\.name) == Self.book.map(\.name))
            let methods: [ZipCompression] = [.stored, .stored, .deflate, .deflate, .deflate, .stored, .deflate, .deflate]
            #expect(archive.entries.map(\.compression) == methods)
            #expect(archive.entries.map(\.size) == Self.book.map(\.bytes.count))
            #expect(archive.entry(named: "OEBPS/check.txt")?.crc32 == 0xCBF4_3926)  // CRC-32's check value
            #expect(archive.entry(named: "mimetype")?.crc32 == 0x2CAB_616F)
            #expect(archive.entry(named: "META-INF/")?.isDirectory == true)
            let chapter = try #require(archive.entry(named: "OEBPS/chapter.xhtml"))
            #expect(chapter.compressedSize < chapter.size / 10)
            for entry in Self.book {
                #expect(try archive.read(entry.name) == entry.bytes, "\(entry.name)")
            }
        }
    }

    @Test("unzip -t finds no error, and zipinfo sees no extra field and the fixed date")
    func unzipAgrees() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("book.epub").path
            try Self.write(to: path)
            let test = try UnzipTool.test(path)
            #expect(test.status == 0, "\(test.output)")
            #expect(test.output.contains("No errors detected"))
            #expect(test.output.components(separatedBy: "OK").count - 1 == Self.book.count)
            let details = try UnzipTool.details(path).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            func count(_ text: String) -> Int { details.components(separatedBy: text).count - 1 }
            #expect(details.contains("There is no zipfile comment."))
            #expect(count("length of extra field:") == Self.book.count)
            #expect(count("length of extra field: 0 bytes") == Self.book.count, "\(details)")
            #expect(count("(DOS date/time): 1980 Jan 1 00:00:00") == Self.book.count)
            #expect(count("Unix file attributes (100644 octal): -rw-r--r--") == Self.book.count - 1)
            #expect(count("Unix file attributes (040755 octal): drwxr-xr-x") == 1)
            #expect(count("file system or operating system of origin: Unix") == Self.book.count)
        }
    }

    @Test("two runs write the same bytes; another date changes only the date fields")
    func deterministic() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let first = folder.appendingPathComponent("first.epub").path
            let second = folder.appendingPathComponent("second.epub").path
            let dated = folder.appendingPathComponent("dated.epub").path
            try Self.write(to: first)
            try Self.write(to: second)
            let date = try ZipTimestamp(year: 2024, month: 3, day: 5, hour: 13, minute: 47, second: 31)
            try Self.write(to: dated, modified: date)
            let bytes = try Self.bytes(of: first)
            #expect(try Self.bytes(of: second) == bytes)
            let datedBytes = try Self.bytes(of: dated)
            #expect(datedBytes.count == bytes.count)
            #expect(datedBytes != bytes)
            // Local header of the first entry: time at 10, date at 12.
            let time = UInt16(13 << 11 | 47 << 5 | 15), day = UInt16(44 << 9 | 3 << 5 | 5)
            #expect(Array(datedBytes[10..<14]) == [UInt8(time & 0xFF), UInt8(time >> 8), UInt8(day & 0xFF), UInt8(day >> 8)])
            #expect(Array(bytes[10..<14]) == [0, 0, 0x21, 0])
            #expect(try UnzipTool.details(dated).contains("2024 Mar 5 13:47:30"))
        }
    }

    @Test("deflating ahead on another thread writes the same bytes, in the order given, and refuses at once")
    func deflatingAhead() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            // More chapters than may wait at once, stored entries between them.
            var entries = Self.book
            for number in 0..<(3 * ZipDeflateAhead.maximumPending) {
                entries.append(("OEBPS/c\(number).xhtml", Array("<h1>\(number)</h1>".utf8) + Self.chapter, number % 5 == 0 ? .stored : nil))
            }
            let inTurn = folder.appendingPathComponent("in-turn.epub").path
            let ahead = folder.appendingPathComponent("ahead.epub").path
            try Self.write(entries, to: inTurn)
            try Self.write(entries, to: ahead, deflatesAhead: true)
            #expect(try Self.bytes(of: ahead) == Self.bytes(of: inTurn))
            #expect(try ZipArchive(path: ahead).entries.map(\.name) == entries.map(\.name))

            let writer = try ZipWriter(path: folder.appendingPathComponent("twice.epub").path, deflatesAhead: true)
            try writer.add("OEBPS/a.xhtml", Self.chapter)
            #expect(throws: ZipError.self) { try writer.add("OEBPS/a.xhtml", Self.chapter) }
            try writer.add("OEBPS/b.xhtml", Self.chapter)
            try writer.finish()
            #expect(try ZipArchive(path: folder.appendingPathComponent("twice.epub").path).entries.map(\.name)
                    == ["OEBPS/a.xhtml", "OEBPS/b.xhtml"])
        }
    }

    @Test("a stored mimetype first: its bytes start at offset 38, as EPUB requires")
    func epubMimetype() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("book.epub").path
            try Self.write(to: path)
            let bytes = try Self.bytes(of: path)
            #expect(Array(bytes[0..<4]) == [0x50, 0x4B, 0x03, 0x04])
            #expect(Array(bytes[8..<10]) == [0, 0])  // stored
            #expect(Array(bytes[28..<30]) == [0, 0])  // no extra field
            #expect(Array(bytes[30..<38]) == Array("mimetype".utf8))
            #expect(Array(bytes[38..<58]) == Self.mimetype)
            #expect(ReaderEngine.standard.registry.sniff(sample: Array(bytes.prefix(FormatSniffer.sampleSize)), fileExtension: nil)?.format == .epub)
        }
    }

    @Test("a one-entry archive is exactly the bytes APPNOTE gives it")
    func exactBytes() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("m.zip").path
            try Self.write([("mimetype", Self.mimetype, .stored)], to: path)
            let crc: [UInt8] = [0x6F, 0x61, 0xAB, 0x2C]
            let sizes: [UInt8] = [20, 0, 0, 0, 20, 0, 0, 0]
            let name = Array("mimetype".utf8)
            let local: [UInt8] = [0x50, 0x4B, 3, 4, 10, 0, 0, 0, 0, 0, 0, 0, 0x21, 0] + crc + sizes + [8, 0, 0, 0] + name + Self.mimetype
            let central: [UInt8] = [0x50, 0x4B, 1, 2, 20, 3, 10, 0, 0, 0, 0, 0, 0, 0, 0x21, 0] + crc + sizes
                + [8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xA4, 0x81, 0, 0, 0, 0] + name
            let end: [UInt8] = [0x50, 0x4B, 5, 6, 0, 0, 0, 0, 1, 0, 1, 0, 54, 0, 0, 0, 58, 0, 0, 0, 0, 0]
            #expect(try Self.bytes(of: path) == local + central + end)
        }
    }

    @Test("an archive with no entries is written, and is a valid empty zip")
    func empty() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("empty.zip").path
            try ZipWriter(path: path).finish()
            #expect(try Self.bytes(of: path) == [0x50, 0x4B, 5, 6] + [UInt8](repeating: 0, count: 18))
            #expect(try ZipArchive(path: path).entries.isEmpty)
        }
    }

    @Test("deflate levels are the caller's: 1 is larger than 9, 0 larger than the input, all read back",
          arguments: [0, 1, 6, 9])
    func levels(level: Int) throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("levels.zip").path
            let writer = try ZipWriter(path: path, method: .deflate(level: level))
            try writer.add("chapter.xhtml", Self.chapter)
            try writer.finish()
            let archive = try ZipArchive(path: path)
            let entry = try #require(archive.entry(named: "chapter.xhtml"))
            #expect(entry.compression == .deflate)
            #expect(try archive.read("chapter.xhtml") == Self.chapter)
            switch level {
            case 0: #expect(entry.compressedSize > entry.size)
            case 1: #expect(entry.compressedSize < entry.size / 5)
            default: #expect(entry.compressedSize < entry.size / 20)
            }
        }
    }

    @Test("the writer replaces an existing file only when it finishes")
    func replaces() throws {
        try withTemporaryDirectory(prefix: "zipwriter") { folder in
            let path = folder.appendingPathComponent("book.epub").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            let writer = try ZipWriter(path: path)
            try writer.add("a.txt", Array("new".utf8))
            #expect(try Self.bytes(of: path) == Array("old".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
            try writer.finish()
            #expect(try ZipArchive(path: path).read("a.txt") == Array("new".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["book.epub"])
            #expect(writer.entryNames == ["a.txt"])
        }
    }
}

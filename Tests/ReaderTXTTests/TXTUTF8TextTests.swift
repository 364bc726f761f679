import Foundation
import ReaderCore
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// `TXTDocument`'s text lent as UTF-8 bytes in place (``UTF8TextProviding``), for searching.
@Suite struct TXTUTF8TextTests {
    @Test("a UTF-8 file lends its bytes after the BOM, one range per section, adjacent; other encodings lend none")
    func lendsItsBytes() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let paragraph = "The keeper climbed the stairs; “Wednesday,” he called.\r\n"
            let text = [UInt8]([0xEF, 0xBB, 0xBF]) + Array(String(repeating: paragraph + "\n", count: 50_000).utf8)
            let path = directory.appendingPathComponent("bom.txt").path
            try Data(text).write(to: URL(fileURLWithPath: path))
            let document = try #require(try TXTBackend().open(path: path, format: .txt, options: .init()) as? TXTDocument)
            #expect(document.readingOrder.count >= 2)
            let lent = try document.withUTF8Text { text throws(ReaderError) -> ([UInt8], [Range<Int>]) in
                (Array(text.bytes), text.sectionRanges)
            }
            let (bytes, ranges) = try #require(lent)
            #expect(bytes == text)
            #expect(ranges.count == document.readingOrder.count)
            #expect(ranges.first?.lowerBound == 3, "the byte order mark is no section's")
            #expect(ranges.last?.upperBound == text.count)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            // Each section's blocks are its bytes, lines trimmed and joined.
            let firstBlocks = try document.content(ofSection: 0).blocks.map(\.text)
            let firstText = String(decoding: bytes[ranges[0]], as: UTF8.self)
            #expect(firstBlocks.joined(separator: " ").split(whereSeparator: { $0.isWhitespace })
                        == firstText.split(whereSeparator: { $0.isWhitespace }))

            // The bytes are mapped afresh for each call, so a closed document still lends them.
            document.close()
            #expect(try document.withUTF8Text { text throws(ReaderError) in text.bytes.count } == text.count)
        }
        for book in ["txt/lighthouse-keeper.utf16le.txt", "txt/winter-road.cp1251.txt", "txt/moon-garden.gb18030.txt"] {
            let path = TestLocation.testBooks.appendingPathComponent(book).path
            let document = try #require(try TXTBackend().open(path: path, format: .txt, options: .init()) as? TXTDocument)
            #expect(try document.withUTF8Text { _ throws(ReaderError) in true } == nil, "\(book)")
        }
    }

    @Test("a file whose size changed since it was opened lends nothing")
    func changedFile() throws {
        try withTemporaryDirectory(prefix: "reader-txt-tests") { directory in
            let path = directory.appendingPathComponent("grows.txt").path
            try Data("one line\n".utf8).write(to: URL(fileURLWithPath: path))
            let document = try #require(try TXTBackend().open(path: path, format: .txt, options: .init()) as? TXTDocument)
            // Replaced (a new file renamed over it), as editors save: the old mapping stays valid.
            try Data("one line\nand another\n".utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            #expect(try document.withUTF8Text { _ throws(ReaderError) in true } == nil)
        }
    }
}

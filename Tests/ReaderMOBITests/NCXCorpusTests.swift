import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("MOBI 6 NCX in corpus books", .enabled(if: TestLocation.corpusAvailable))
struct NCXCorpusTests {
    /// The NCX entries, the decoded text and the NCX code page of a MOBI 6 corpus book.
    static func entries(_ name: String) throws -> (entries: [NCXEntry], text: [UInt8], codePage: UInt32) {
        let pdb = try PDBFile(path: TestLocation.corpus.appendingPathComponent(name).path, format: .mobi)
        let ncx = Int(try #require(ByteReader.uint32(try pdb.record(0), at: 0xF4)))
        let index = try MOBIIndex.read(pdb: pdb, indexRecord: ncx)
        return (NCXEntry.entries(from: index), try KF8CorpusBook.rawml(for: name), index.header.codePage)
    }

    @Test("Alice's MOBI 6 NCX: calibre's titles, file positions at tag starts")
    func alice() throws {
        let (entries, text, _) = try Self.entries("mobi/calibre/pg11_alice_mobi6-old.mobi")
        #expect(entries.count == 16)
        #expect(Array(entries.prefix(5).map(\.title)) == ["Alice’s Adventures in Wonderland", "THE MILLENNIUM FULCRUM EDITION 3.0",
                                                         "Contents", "CHAPTER I. Down the Rabbit-Hole",
                                                         "CHAPTER II. The Pool of Tears"])
        // calibre's read_ncx: pos 1462, 1681, 1836, 4093, 18140.
        #expect(Array(entries.prefix(5).map(\.filePosition)) == [1462, 1681, 1836, 4093, 18140])
        #expect(entries.allSatisfy { $0.kindlePosition == nil && $0.depth == 0 && $0.parent == nil })
        for entry in entries {
            let position = try #require(entry.filePosition)
            #expect(text.indices.contains(position) && text[position] == UInt8(ascii: "<"), "\(entry.title)")
        }
    }

    @Test("a Windows-1252 MOBI 6 NCX")
    func windows1252() throws {
        let (entries, _, codePage) = try Self.entries("mobi/sample-cp1252_mobi6-palmdoc.mobi")
        #expect(codePage == 1252)
        #expect(entries.map(\.title) == ["\"Main page\"", "\"Libmobi public header\""])
        #expect(entries.map(\.filePosition) == [98, 1098])
    }
}

import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("PDB container")
struct PDBFileTests {
    @Test("reads the header and every record of a corpus book")
    func corpusBook() throws {
        try #require(TestLocation.corpusAvailable)
        let path = TestLocation.corpus.appendingPathComponent("mobi/calibre/pg11_alice_hybrid-both.mobi").path
        let pdb = try PDBFile(path: path, format: .mobi)
        #expect(pdb.type == "BOOK")
        #expect(pdb.creator == "MOBI")
        #expect(pdb.name == "Alice's_Adventures_in_Wonderlan")
        #expect(pdb.recordCount == 141)
        let record0 = try pdb.record(0)
        #expect(Array(record0[16..<20]) == Array("MOBI".utf8))
        #expect(pdb.recordRanges.last?.upperBound == pdb.fileSize)
    }
}

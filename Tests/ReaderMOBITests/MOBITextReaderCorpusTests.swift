import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("MOBI text reader: corpus books", .enabled(if: TestLocation.corpusAvailable))
struct MOBITextReaderCorpusTests {
    /// The reader `mobitool -d` corresponds to: the KF8 part when there is one, else record 0.
    private func reader(_ book: MOBICorpus.Book) throws -> MOBITextReader {
        let pdb = try book.open()
        let index = MOBIHeader.kf8RecordIndex(in: pdb) ?? 0
        return try MOBITextReader(pdb: pdb, header: MOBIHeader.parse(pdb.record(index)), record0Index: index)
    }

    @Test("the corpus lists MOBI and AZW3 books, one with DRM")
    func corpusPresent() {
        #expect(MOBICorpus.books.count >= 13)
        #expect(MOBICorpus.books.filter(\.isDRMSample).count == 1)
    }

    @Test("the text equals mobitool's rawml (the KF8 part of combined files)", arguments: MOBICorpus.readableBooks)
    func rawML(book: MOBICorpus.Book) throws {
        let reference = try #require(try book.referenceRawML())
        let reader = try reader(book)
        let text = try reader.text(limit: 64 << 20)
        #expect(text.count == reference.count)
        #expect(text == reference)
        var joined: [UInt8] = []
        for n in 0..<reader.recordCount { joined += try reader.record(n) }
        #expect(joined == text)
        // Cut at the header's length, the text is a prefix of the rawml: all of it but in the
        // Kindlegen HUFF/CDIC book, whose KF8 text length covers only the HTML flow, not the CSS.
        let cut = try reader.text(limit: 64 << 20, truncatingToTextLength: true)
        #expect(cut.count == reader.header.textLength)
        #expect(reference.starts(with: cut))
        if reader.header.compression == .huffCDIC {
            #expect(cut.count < reference.count)
        } else {
            #expect(cut == reference)
        }
    }

    @Test("the MOBI 6 part of every book decodes to its text length", arguments: MOBICorpus.readableBooks)
    func mobi6Part(book: MOBICorpus.Book) throws {
        let pdb = try book.open()
        let header = try MOBIHeader.parse(pdb.record(0))
        let text = try MOBITextReader(pdb: pdb, header: header, record0Index: 0).text(limit: 64 << 20)
        #expect(text.count == header.textLength)
        if header.textEncoding == .utf8 { #expect(String(validating: text, as: UTF8.self) != nil) }
    }

    @Test("the KF8 part of a combined file follows a BOUNDARY record and is KF8; an AZW3 is KF8 at 0",
          arguments: MOBICorpus.readableBooks)
    func kf8Boundary(book: MOBICorpus.Book) throws {
        let pdb = try book.open()
        let header = try MOBIHeader.parse(pdb.record(0))
        let mobitool = book.referenceText("mobitool-d.log") ?? ""
        let index = MOBIHeader.kf8RecordIndex(in: pdb)
        if mobitool.contains("hybrid with version 6") {
            let kf8 = try #require(index)
            #expect(kf8 > 0)
            #expect(try pdb.record(kf8 - 1) == Array("BOUNDARY".utf8))
            #expect(try MOBIHeader.parse(pdb.record(kf8)).fileVersion == 8)
        } else if mobitool.contains("Mobi version: 8") {
            #expect(index == 0)
            #expect(header.isKF8)
        } else {
            #expect(index == nil)
        }
    }

    @Test("the DRM sample is refused as encrypted")
    func drm() throws {
        let book = try #require(MOBICorpus.books.first { $0.isDRMSample })
        let pdb = try book.open()
        let header = try MOBIHeader.parse(pdb.record(0))
        let error = try #require(readerError { _ = try MOBITextReader(pdb: pdb, header: header, record0Index: 0) })
        #expect(error.kind == .encrypted)
        #expect(error.reason == "DRM-protected (Mobipocket encryption type 1)")
    }

    @Test("Moby-Dick's records decode the same on several threads at once")
    func concurrentMobyDick() throws {
        let book = try #require(MOBICorpus.books.first { $0.description == "moby-dick_kf8.azw3" })
        let reader = try reader(book)
        let sequential = try (0..<reader.recordCount).map { try reader.record($0) }
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<[UInt8]?>.allocate(capacity: reader.recordCount)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: reader.recordCount) { n in
            results[n] = try? reader.record(n)
        }
        #expect(Array(results) == sequential.map { Optional($0) })
    }
}

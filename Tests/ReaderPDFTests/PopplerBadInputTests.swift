import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// Files that are not PDFs, or broken ones: typed errors, never a crash.
@Suite("Poppler: bad inputs")
struct PopplerBadInputTests {
    private func openError(_ bytes: [UInt8], named name: String = "bad.pdf") throws -> ReaderError? {
        try withTemporaryDirectory(prefix: "reader-pdf-bad") { directory in
            let path = try PDFFixture.write(bytes, named: name, in: directory)
            return readerError { _ = try PopplerDocument.open(path: path, password: nil) }
        }
    }

    @Test func emptyFileIsNotAPDF() throws {
        let error = try #require(try openError([]))
        #expect(error.kind == .malformed)
        #expect(error.reason == "not a PDF: the file is empty")
        #expect(error.format == .pdf)
    }

    @Test func randomBytesAreNotAPDF() throws {
        var random = SeededRandom(seed: 7)
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }
        let error = try #require(try openError(bytes))
        #expect(error.kind == .malformed)
        #expect(error.reason == "not a PDF: no %PDF- header in the first KiB")
    }

    @Test func headerAloneIsDamaged() throws {
        let error = try #require(try openError(Array("%PDF-1.7\n%%EOF\n".utf8)))
        #expect(error.kind == .malformed)
        #expect(error.reason.hasPrefix("damaged: "))
    }

    @Test func documentWithoutPagesIsDamaged() throws {
        let bytes = PDFFixture.build(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"])
        let error = try #require(try openError(bytes))
        #expect(error.kind == .malformed)
        #expect(error.reason.hasPrefix("damaged: "))
    }

    @Test func missingFileIsNotFound() {
        let error = readerError { _ = try PopplerDocument.open(path: "/nonexistent/reader/none.pdf", password: nil) }
        #expect(error?.kind == .fileNotFound)
    }

    @Test func directoryIsUnreadable() throws {
        try withTemporaryDirectory(prefix: "reader-pdf-dir") { directory in
            let folder = directory.appendingPathComponent("folder.pdf")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            let error = readerError { _ = try PopplerDocument.open(path: folder.path, password: nil) }
            #expect(error?.kind == .unreadable)
            #expect(error?.file == folder.path)
        }
    }

    @Test("truncated copies of a corpus PDF either open and read, or fail as malformed",
          .enabled(if: TestLocation.corpusAvailable), arguments: [0.02, 0.25, 0.5, 0.75, 0.95, 0.999])
    func truncated(fraction: Double) throws {
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: PDFCorpus.path("pdflatex-4-pages.pdf"))))
        let cut = Array(whole.prefix(Int(Double(whole.count) * fraction)))
        try withTemporaryDirectory(prefix: "reader-pdf-cut") { directory in
            let path = try PDFFixture.write(cut, named: "cut.pdf", in: directory)
            do throws(ReaderError) {
                try Self.openAndRead(path)
            } catch {
                #expect(error.kind == .malformed, "\(error)")
            }
        }
    }

    @Test("flipped bytes in a small corpus PDF never crash", .enabled(if: TestLocation.corpusAvailable))
    func flippedBytes() throws {
        let whole = [UInt8](try Data(contentsOf: URL(fileURLWithPath: PDFCorpus.path("nested_outline.pdf"))))
        var random = SeededRandom(seed: 42)
        try withTemporaryDirectory(prefix: "reader-pdf-flip") { directory in
            for round in 0..<40 {
                var bytes = whole
                for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
                let path = try PDFFixture.write(bytes, named: "flip\(round).pdf", in: directory)
                do throws(ReaderError) {
                    try Self.openAndRead(path)
                } catch {
                    #expect([.malformed, .encrypted].contains(error.kind), "\(error)")
                }
            }
        }
    }

    /// Opens `path` and reads every page's text and the outline, as a reader would.
    private static func openAndRead(_ path: String) throws(ReaderError) {
        let document = try PopplerDocument.open(path: path, password: nil)
        for page in 1...document.pageCount {
            let text = try document.pageText(page)
            #expect(text.scalars.count == text.boxes.count)
        }
        _ = document.outline()
    }
}

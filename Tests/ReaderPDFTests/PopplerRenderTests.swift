import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// Rendering pages to PNG files.
@Suite("Poppler: rendering", .enabled(if: TestLocation.corpusAvailable))
struct PopplerRenderTests {
    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from the PNG's IHDR chunk.
    private func pngSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        func big(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (big(16), big(20))
    }

    @Test("a PNG the size of the page times the scale", arguments: [0.5, 1.0])
    func writesPNG(scale: Double) throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path("pdflatex-4-pages.pdf"), password: nil)
        let page = try document.pageSize(1)
        try withTemporaryDirectory(prefix: "reader-pdf-render") { directory in
            let output = directory.appendingPathComponent("page 1.png").path
            try document.renderPNG(pageNumber: 1, scale: scale, to: output)
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
            #expect(Array(bytes.prefix(8)) == Self.signature)
            let size = try #require(pngSize(bytes))
            #expect(size.width == Int((page.width * scale).rounded(.up)))
            #expect(size.height == Int((page.height * scale).rounded(.up)))
        }
    }

    @Test("a rotated page renders landscape")
    func rotated() throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path("broken/zen_of_python_corrupted.pdf"), password: nil)
        try withTemporaryDirectory(prefix: "reader-pdf-render") { directory in
            let output = directory.appendingPathComponent("rotated.png").path
            try document.renderPNG(pageNumber: 1, scale: 0.25, to: output)
            let size = try #require(pngSize([UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))))
            #expect(size.width > size.height)
        }
    }

    @Test("absurd scales, missing pages and unwritable paths are invalid arguments")
    func refusals() throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path("pdflatex-4-pages.pdf"), password: nil)
        try withTemporaryDirectory(prefix: "reader-pdf-render") { directory in
            let output = directory.appendingPathComponent("x.png").path
            for scale in [0, -1, .nan, .infinity, 1000] {
                let error = readerError { try document.renderPNG(pageNumber: 1, scale: scale, to: output) }
                #expect(error?.kind == .invalidArgument, "scale \(scale)")
            }
            #expect(readerError { try document.renderPNG(pageNumber: 9, scale: 1, to: output) }?.kind == .invalidArgument)
            let nowhere = directory.appendingPathComponent("missing/folder/x.png").path
            let error = readerError { try document.renderPNG(pageNumber: 1, scale: 0.1, to: nowhere) }
            #expect(error?.kind == .invalidArgument)
            #expect(error?.file == nowhere)
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }
}

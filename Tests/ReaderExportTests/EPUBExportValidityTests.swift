import Foundation
import ReaderCore
import ReaderTestSupport
import Testing

/// Issue 20's first check: epubcheck finds no error and no warning in the export of any TestBook.
@Suite("EPUB export: epubcheck")
struct EPUBExportValidityTests {
    @Test("epubcheck reports no error and no warning on the export of every TestBook")
    func everyTestBook() throws {
        try #require(EPUBCheck.isAvailable, "epubcheck is not installed (scripts/install-deps.sh installs it)")
        try withTemporaryDirectory(prefix: "export-check") { folder in
            var paths: [String] = []
            for book in ExportedBook.testBooks {
                let exported = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent(book).path, into: folder)
                paths.append(exported.exportPath)
            }
            // A Markdown file with a WebP picture beside it: the picture must arrive as a PNG.
            let article = folder.appendingPathComponent("article", isDirectory: true)
            try FileManager.default.createDirectory(at: article, withIntermediateDirectories: true)
            try Data(WebPPicture.encoded()).write(to: article.appendingPathComponent("dot.webp"))
            try Data("# A picture\n\nBefore the picture.\n\n![A small dot](dot.webp)\n\nAfter it.\n".utf8)
                .write(to: article.appendingPathComponent("article.md"))
            let withWebP = try ExportedBook(path: article.appendingPathComponent("article.md").path, into: folder)
            #expect(withWebP.summary.images == 1)
            #expect(withWebP.summary.notes.isEmpty, "\(withWebP.summary.notes)")
            let reopened = try withWebP.openExport() as? any ResourceProviding
            #expect(try reopened?.resources().map(\.mediaType).contains("image/png") == true)
            #expect(try reopened?.resources().map(\.mediaType).contains("image/webp") == false)
            paths.append(withWebP.exportPath)

            // The same with an AVIF picture, which no EPUB reading system is bound to show.
            let avif = AVIFPicture.encoded()
            try #require(!avif.isEmpty, "libavif could not encode the test picture")
            try Data(avif).write(to: article.appendingPathComponent("halves.avif"))
            try Data("# Halves\n\nBefore the picture.\n\n![Red and blue halves](halves.avif)\n\nAfter it.\n".utf8)
                .write(to: article.appendingPathComponent("avif.md"))
            let withAVIF = try ExportedBook(path: article.appendingPathComponent("avif.md").path, into: folder)
            #expect(withAVIF.summary.images == 1)
            #expect(withAVIF.summary.notes.isEmpty, "\(withAVIF.summary.notes)")
            let reopenedAVIF = try #require(try withAVIF.openExport() as? any ResourceProviding)
            let pictures = try reopenedAVIF.resources().filter { $0.mediaType.hasPrefix("image/") }
            #expect(pictures.map(\.mediaType) == ["image/png"])
            let png = try reopenedAVIF.resourceData(href: try #require(pictures.first).href)
            // IHDR: the width and height as big-endian 32-bit numbers at offsets 16 and 20.
            let size = [16, 20].map { offset in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
            #expect(size == [AVIFPicture.width, AVIFPicture.height])
            paths.append(withAVIF.exportPath)

            let problems = try EPUBCheck.problems(in: paths)
            for path in paths {
                let messages = problems[path] ?? []
                #expect(messages.isEmpty, "\((path as NSString).lastPathComponent):\n\(messages.map(\.description).joined(separator: "\n"))")
            }
        }
    }
}

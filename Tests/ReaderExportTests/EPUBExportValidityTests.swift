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

            let problems = try EPUBCheck.problems(in: paths)
            for path in paths {
                let messages = problems[path] ?? []
                #expect(messages.isEmpty, "\((path as NSString).lastPathComponent):\n\(messages.map(\.description).joined(separator: "\n"))")
            }
        }
    }
}

import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// Markdown images as resources: files in the document's folder, never outside it.
@Suite("Markdown resources")
struct MarkdownResourceTests {
    /// `notes/doc.md` beside `outside.png`, with images inside, outside through `..`, outside
    /// through a symlink, inside through a symlink, missing and on the web.
    private func withNotes<T>(_ body: (_ document: any Document & ResourceProviding, _ folder: URL) throws -> T) throws -> T {
        try withTemporaryDirectory(prefix: "md-resources") { root in
            let folder = root.appendingPathComponent("notes")
            let fileManager = FileManager.default
            try fileManager.createDirectory(at: folder.appendingPathComponent("img"), withIntermediateDirectories: true)
            try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: folder.appendingPathComponent("img/a b.png"))
            try Data([0xFF, 0xD8, 0xFF, 9]).write(to: root.appendingPathComponent("outside.png"))
            try fileManager.createSymbolicLink(atPath: folder.appendingPathComponent("escape.png").path,
                                               withDestinationPath: "../outside.png")
            try fileManager.createSymbolicLink(atPath: folder.appendingPathComponent("alias.png").path,
                                               withDestinationPath: "img/a b.png")
            let markdown = """
            # Notes

            ![inside](img/a%20b.png)

            Text with an inline ![outside](../outside.png) picture and ![link](escape.png).

            ![alias](alias.png) ![gone](img/missing.png) ![web](https://example.com/x.png) ![abs](\(root.path)/outside.png)
            """
            let path = folder.appendingPathComponent("doc.md").path
            try Data(markdown.utf8).write(to: URL(fileURLWithPath: path))
            let document = try ReaderEngine.standard.open(path: path)
            return try body(try #require(document as? any Document & ResourceProviding), folder)
        }
    }

    @Test("images inside the folder are listed and read; others are left out")
    func listsInside() throws {
        try withNotes { document, _ in
            let resources = try document.resources()
            #expect(resources.map(\.href) == ["img/a%20b.png", "alias.png"])
            #expect(resources.first?.mediaType == "image/png")
            #expect(resources.first?.byteCount == 7)
            #expect(try document.resourceData(href: "img/a%20b.png") == [0x89, 0x50, 0x4E, 0x47, 1, 2, 3])
            #expect(try document.resourceData(href: "alias.png").count == 7)
        }
    }

    @Test("`..`, an absolute path and a symlink out of the folder are refused")
    func refusesOutside() throws {
        try withNotes { document, folder in
            let root = folder.deletingLastPathComponent().path
            for href in ["../outside.png", "escape.png", "\(root)/outside.png"] {
                let error = readerError { _ = try document.resourceData(href: href) }
                #expect(error?.kind == .invalidArgument, "\(href)")
                #expect(error?.reason.contains("outside the document's folder") == true, "\(href): \(String(describing: error))")
            }
            for href in ["img/missing.png", "https://example.com/x.png", "doc.md", "img/a b.png"] {
                #expect(readerError { _ = try document.resourceData(href: href) }?.kind == .invalidArgument, "\(href)")
            }
        }
    }
}

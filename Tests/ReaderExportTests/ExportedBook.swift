import Foundation
import ReaderCore
import ReaderEngine
import ReaderExport
import ReaderTestSupport

/// A TestBook or corpus file and its export, written into a temporary folder.
struct ExportedBook {
    /// The TestBooks every export test covers, relative to `TestBooks/`: each format and encoding.
    static let testBooks = [
        "txt/lighthouse-keeper.txt",
        "txt/lighthouse-keeper.utf16le.txt",
        "txt/moon-garden.gb18030.txt",
        "txt/winter-road.cp1251.txt",
        "md/field-notes.md",
        "md/plain-readme.md",
        "md/cjk-notes.md",
        "md/malformed-front-matter.md",
        "epub/lighthouse-keeper.epub",
        "epub/moon-garden.epub",
        "epub/winter-road-fixed.epub",
        "pdf/harbour-lights.pdf",
        "pdf/two-columns.pdf",
        "pdf/scanned-page.pdf",
        "mobi/lighthouse-keeper.mobi",
        "mobi/lighthouse-keeper.azw3",
        "mobi/moon-garden-both.mobi",
        "conversions/winter-road-fixed.azw3",
    ]

    let source: any Document
    let exportPath: String
    let summary: EPUBExportSummary

    /// Opens `path` and exports it to `folder`.
    init(path: String, into folder: URL, options: EPUBExportOptions = EPUBExportOptions()) throws {
        source = try ReaderEngine.standard.open(path: path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = path.replacingOccurrences(of: "/", with: "_")
        exportPath = folder.appendingPathComponent(name + ".epub").path
        summary = try EPUBExporter.export(source, to: exportPath, options: options)
    }

    /// The export, opened with the engine.
    func openExport() throws -> any Document {
        try ReaderEngine.standard.open(path: exportPath)
    }

    /// The words of every block of a document, in reading order.
    static func words(of document: any Document) throws -> [String] {
        var words: [String] = []
        for section in document.readingOrder {
            for block in try document.content(ofSection: section.index).blocks {
                words += PositionWords.words(of: block.text)
            }
        }
        return words
    }

    /// The titles of a table of contents, depth first.
    static func titles(_ entries: [TOCEntry]) -> [String] {
        entries.flatMap { [$0.title] + titles($0.children) }
    }
}

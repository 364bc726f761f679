import ArgumentParser
import Foundation
import ReaderCore
import ReaderEngine
import ReaderExport

/// `reader export FILE -o OUT.epub`: the document as an EPUB 3 publication.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a document of any format as an EPUB 3 book (valid by epubcheck).",
        discussion: """
            The same input gives the same bytes; dcterms:modified comes from the source, else SOURCE_DATE_EPOCH, else 2000-01-01. \
            A folder becomes one book: each Markdown, HTML or text file below it a chapter, in the order of their paths.
            """)

    @OptionGroup var document: DocumentOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write the EPUB.", valueName: "path"))
    var output: String

    @Option(help: "The title, instead of the document's.")
    var title: String?

    @Option(help: "An author, instead of the document's (repeat for several).")
    var author: [String] = []

    @Option(help: ArgumentHelp("A cover picture (JPEG, PNG, GIF or WebP), instead of the document's.", valueName: "image"))
    var cover: String?

    @Option(help: "Start a new content document at table-of-contents entries down to this level (0: only where the source does).")
    var splitLevel: Int = 1

    func validate() throws {
        if splitLevel < 0 { throw ValidationError("--split-level must be 0 or more") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            var options = EPUBExportOptions(title: title, authors: author.isEmpty ? nil : author, splitLevel: splitLevel,
                                            modified: EPUBExportOptions.modified(sourceDateEpoch: ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]))
            if let cover {
                guard let data = FileManager.default.contents(atPath: cover) else {
                    throw ReaderError(.fileNotFound, file: cover, reason: "cannot read the cover picture")
                }
                options.coverImage = Array(data)
            }
            var isFolder: ObjCBool = false
            let opened: any Document = FileManager.default.fileExists(atPath: document.file, isDirectory: &isFolder) && isFolder.boolValue
                ? try ReaderEngine.standard.openFolder(document.file, title: title, options: document.openOptions)
                : try ReaderEngine.standard.open(path: document.file, options: document.openOptions)
            defer { opened.close() }
            let summary = try EPUBExporter.export(opened, to: output, options: options)
            var out = OutputBuffer()
            out.line("\(output): EPUB 3, \(summary.contentDocuments) content documents, \(summary.images) images"
                + (summary.pages > 0 ? ", \(summary.pages) print pages" : "") + " (\(summary.identifier))")
            for note in summary.notes { out.line("note: \(note)") }
            out.flush()
        }
    }
}

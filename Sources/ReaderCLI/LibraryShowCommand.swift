import ArgumentParser
import Foundation
import ReaderCore
import ReaderLibrary

/// `reader library show BOOK`: everything the library keeps about a book.
struct LibraryShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show what the library keeps about a book.")

    @Argument(help: "The book: a path, a fingerprint, a UUID or words of the title.")
    var book: String

    @Option(help: ArgumentHelp("Write the stored cover picture to this file.", valueName: "file"))
    var cover: String?

    @Flag(help: "Print as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            let found = try library.book(matching: book)
            if let cover {
                guard let picture = try library.cover(of: found) else {
                    throw ReaderError(.unsupportedOperation, reason: "no cover is stored for \"\(found.displayTitle)\"")
                }
                guard FileManager.default.createFile(atPath: cover, contents: Data(picture.data)) else {
                    throw ReaderError(.unreadable, file: cover, reason: "cannot write the cover")
                }
            }
            let position = try library.position(of: found)
            let settings = try library.settings(of: found)
            let items = try library.annotations(of: found)
            var output = OutputBuffer()
            if json {
                output.line(StandardStreams.json(BookReport(book: found, position: position, settings: settings,
                                                            bookmarks: items.filter { $0.kind == .bookmark }.count,
                                                            highlights: items.filter { $0.kind == .highlight }.count,
                                                            notes: items.filter { $0.kind == .note }.count)))
            } else {
                func line(_ name: String, _ value: String?) {
                    if let value, !value.isEmpty { output.line("\(name): \(ListingField.oneLine(value))") }
                }
                line("title", found.title)
                line("authors", found.authors.joined(separator: ", "))
                line("language", found.language)
                line("format", found.format)
                line("fingerprint", found.fingerprint)
                line("partial MD5", found.partialMD5)
                line("uuid", found.uuid)
                line("status", found.status.rawValue + (found.progress.map { " (\(Int(($0 * 100).rounded()))%)" } ?? ""))
                line("pages", found.pageCount.map { (found.pageCountIsExact ? "" : "~") + "\($0) at 80x24" })
                line("contents entries", found.tocCount.map(String.init))
                line("error", found.error)
                line("added", found.addedAt.description)
                line("last read", found.lastReadAt?.description)
                line("tags", found.tags.joined(separator: ", "))
                line("collections", found.collections.joined(separator: ", "))
                for file in found.files { line("file", file.path + (file.missing ? " (missing)" : "")) }
                line("position", position.map { $0.locator.jsonString() })
                if let settings, !settings.isEmpty {
                    line("viewport", settings.viewport?.description)
                    line("encoding", settings.encoding)
                    line("transforms", settings.transforms.joined(separator: ", "))
                }
                line("items", "\(items.filter { $0.kind == .bookmark }.count) bookmarks, "
                    + "\(items.filter { $0.kind == .highlight }.count) highlights, \(items.filter { $0.kind == .note }.count) notes")
            }
            output.flush()
        }
    }
}

/// What `library show --json` prints.
struct BookReport: Encodable {
    var book: LibraryBook
    var position: ReadingPosition?
    var settings: BookSettings?
    var bookmarks: Int
    var highlights: Int
    var notes: Int
}

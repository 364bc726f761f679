import ArgumentParser
import Foundation
import ReaderCore
import ReaderLibrary

/// `reader library stress-writes BOOK --count N` (hidden): adds N highlights, one transaction
/// each, printing each UUID once it is committed. The reliability tests run it beside other
/// writers and kill it at random moments, then check that every printed item is there.
struct LibraryStressWritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stress-writes", abstract: "Add highlights in bulk, printing each UUID once committed (for tests).",
        shouldDisplay: false)

    @Argument(help: "The book.")
    var book: String

    @Option(help: "How many highlights to add.")
    var count = 1000

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let library = try Library.forCommand()
            let found = try library.book(matching: book)
            let base = try library.addAnnotation(.highlight, to: found, at: try firstWords(found, library))
            FileHandle.standardOutput.write(Data((base.uuid + "\n").utf8))
            for number in 1..<max(1, count) {
                var item = base
                item.uuid = UUID().uuidString.lowercased()
                item.note = "stress \(number)"
                let now = Timestamp.now()
                item.createdAt = now
                item.modifiedAt = now
                try library.insertAnnotation(item)
                FileHandle.standardOutput.write(Data((item.uuid + "\n").utf8))
            }
        }
    }

    /// A range over the first words of the book.
    private func firstWords(_ book: LibraryBook, _ library: Library) throws(ReaderError) -> AnnotationPlace {
        let document = try library.engine.open(path: try library.presentPath(of: book))
        defer { document.close() }
        let start = TextPosition(section: 0, block: 0, offset: 0)
        let length = min(12, (try document.content(ofSection: 0).blocks.first?.text.utf16.count) ?? 0)
        return .range(try document.range(from: start, to: TextPosition(section: 0, block: 0, offset: max(1, length))))
    }
}

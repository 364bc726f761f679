import Foundation
import ReaderCore
import ReaderLibrary
import ReaderTestSupport

/// A library in a temporary folder (never the user's), with a folder of book files to add.
struct LibraryFixture {
    let directory: URL
    let library: Library

    var databasePath: String { directory.appendingPathComponent("library.sqlite").path }
    var books: URL { directory.appendingPathComponent("books", isDirectory: true) }

    init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("books"), withIntermediateDirectories: true)
        library = try Library.open(path: directory.appendingPathComponent("library.sqlite").path)
    }

    /// Copies a TestBooks file into the books folder (under `name` when given); returns its path.
    @discardableResult
    func copy(_ testBook: String, as name: String? = nil) throws -> String {
        let source = TestLocation.testBooks.appendingPathComponent(testBook)
        let target = books.appendingPathComponent(name ?? source.lastPathComponent)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: target)
        return target.path
    }

    /// Writes a text file into the books folder; returns its path.
    @discardableResult
    func write(_ text: String, as name: String) throws -> String {
        let target = books.appendingPathComponent(name)
        try Data(text.utf8).write(to: target)
        return target.path
    }
}

/// Runs `body` with a fresh fixture, removed afterwards.
func withLibrary<T>(_ body: (LibraryFixture) throws -> T) throws -> T {
    try withTemporaryDirectory(prefix: "reader-library-tests") { directory throws in
        try body(try LibraryFixture(directory: directory))
    }
}

/// A few paragraphs of prose, so re-anchoring has context to work with.
enum SampleText {
    static let paragraphs = [
        "The lighthouse stood on a ledge of black rock, and every evening the keeper climbed its ninety steps.",
        "He trimmed the wick, polished the great lens and wrote the weather into a book bound in green cloth.",
        "Ships passed far out, their lights no bigger than sparks, and none of them ever knew his name.",
        "In the spring a girl rowed out from the village with letters, bread and news of the mainland.",
        "She asked him once whether he was lonely, and he said the sea talked enough for two people.",
        "When the storm of that winter came, the lamp burned all night and the keeper did not sleep at all.",
    ]

    static var text: String { paragraphs.joined(separator: "\n\n") + "\n" }
}

import Foundation
import Hummingbird
import HummingbirdTesting
import ReaderCore
import ReaderEngine
import ReaderServer
import ReaderTestSupport
import Testing

/// A temporary folder holding copies of a few TestBooks (one per format, in subfolders, so the
/// walk is recursive), with each book's id, for the engine API's tests.
struct BookShelf: Sendable {
    /// The TestBooks copied, by their path under `TestBooks/`.
    static let books = ["epub/lighthouse-keeper.epub", "pdf/harbour-lights.pdf", "mobi/lighthouse-keeper.azw3",
                        "mobi/moon-garden-both.mobi", "txt/lighthouse-keeper.txt", "md/field-notes.md"]

    /// The folder.
    let folder: URL
    /// Each book's id (its fingerprint's SHA-256), by its TestBooks path.
    let ids: [String: String]

    /// A new folder with copies of `books`.
    init(books: [String] = BookShelf.books) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reader-books-\(UUID().uuidString)")
        var ids: [String: String] = [:]
        for book in books {
            let target = folder.appendingPathComponent(book)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestLocation.testBooks.appendingPathComponent(book), to: target)
            ids[book] = try ReaderEngine.standard.fingerprint(path: target.path).sha256
        }
        self.ids = ids
    }

    /// The copy of `book`.
    func path(_ book: String) -> String { folder.appendingPathComponent(book).path }

    /// The id of `book`.
    func id(_ book: String) -> String { ids[book] ?? "" }

    /// Removes the folder.
    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// A server of the folder.
    var server: ReaderServer {
        ReaderServer(configuration: ServerConfiguration(source: .folder(path: folder.path), port: 0))
    }
}

/// A response's body as JSON.
func jsonBody(_ response: TestResponse) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView), options: [.fragmentsAllowed])
}

/// A response's body as a JSON object.
func jsonObject(_ response: TestResponse) throws -> [String: Any] {
    try #require(try jsonBody(response) as? [String: Any])
}

/// The `error` message of a JSON error response.
func errorMessage(_ response: TestResponse) -> String? {
    (try? jsonObject(response))?["error"] as? String
}

/// `text` percent-encoded for a query value.
func queryValue(_ text: String) -> String {
    var allowed = CharacterSet.alphanumerics
    allowed.insert(charactersIn: "-._~")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}

/// A Locator's JSON text from a decoded JSON object.
func locatorText(_ object: Any?) throws -> String {
    let data = try JSONSerialization.data(withJSONObject: try #require(object), options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
}

import ReaderCore
import ReaderTestSupport
@testable import ReaderEPUB

/// Opening the EPUB TestBooks through the backend.
enum EPUBTestBooks {
    static func path(_ name: String) -> String {
        TestLocation.testBooks.appendingPathComponent("epub/" + name).path
    }

    static func open(_ name: String) throws -> EPUBDocument {
        let document = try EPUBBackend().open(path: path(name), format: .epub, options: .init())
        return document as! EPUBDocument
    }

    /// Every block's text of a section.
    static func texts(_ document: EPUBDocument, section: Int) throws -> [String] {
        try document.content(ofSection: section).blocks.map(\.text)
    }

    /// The text of the whole book, blocks joined by newlines.
    static func fullText(_ document: EPUBDocument) throws -> String {
        try document.readingOrder.indices.map { try texts(document, section: $0).joined(separator: "\n") }
            .joined(separator: "\n")
    }
}

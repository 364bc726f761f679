import Foundation
import ReaderCore

/// A book as the catalog lists it: what an entry shows, where its file is, and how it is grouped.
struct OPDSBook: Sendable, Hashable {
    /// The catalog's id for the book: the SHA-256 hex of its fingerprint (the file's bytes).
    var id: String
    /// The engine's fingerprint (`format:sha256:bytes`).
    var fingerprint: DocumentFingerprint
    /// The file served as the book.
    var path: String
    /// The file's media type (`application/epub+zip`, `application/pdf`, …).
    var mediaType: String
    /// The file's size in bytes.
    var byteCount: Int64
    var title: String
    var authors: [String]
    var language: String?
    var summary: String?
    /// Identifiers from the metadata (ISBN, UUID, URL, …), besides the catalog id.
    var identifiers: [String]
    /// Library tags; in folder mode, the metadata's subjects.
    var tags: [String]
    /// Library collections; in folder mode, the series the metadata names.
    var collections: [String]
    /// When the entry last changed (library) or the file was modified (folder).
    var updated: Date
    /// When the book arrived (library) or the file was modified (folder); "recent" sorts by it.
    var added: Date

    /// The Atom and OPDS 2 `identifier` of the book.
    var urn: String { "urn:reader:book:\(id)" }

    /// Whether the file is an EPUB already (no export link is offered then).
    var isEPUB: Bool { fingerprint.format == .epub }
}

extension OPDSBook {
    /// Orders books by title, then first author, then id: the stable order of every listing but "recent".
    static func byTitle(_ a: OPDSBook, _ b: OPDSBook) -> Bool {
        let left = a.title.lowercased(), right = b.title.lowercased()
        if left != right { return left < right }
        let leftAuthor = a.authors.first?.lowercased() ?? "", rightAuthor = b.authors.first?.lowercased() ?? ""
        if leftAuthor != rightAuthor { return leftAuthor < rightAuthor }
        return a.id < b.id
    }

    /// Orders books newest first, then by title.
    static func byRecency(_ a: OPDSBook, _ b: OPDSBook) -> Bool {
        if a.added != b.added { return a.added > b.added }
        return byTitle(a, b)
    }
}

import ReaderCore
import ReaderEngine

/// What a scan reads from a book file: metadata, table-of-contents size, page count at the
/// standard viewport, cover; or why it could not be opened.
package struct BookDescription {
    /// The largest cover picture kept.
    package static let coverLimit = 8 << 20

    package var title: String?
    package var authors: [String] = []
    package var language: String?
    package var tocCount: Int?
    package var pageCount: PageCount?
    package var cover: CoverImage?
    package var error: String?

    /// Opens `path` and reads what the library keeps; an error becomes ``error``, never a throw.
    package static func read(path: String, engine: ReaderEngine) -> BookDescription {
        var description = BookDescription()
        let document: any Document
        do {
            document = try engine.open(path: path)
        } catch {
            description.error = error.description
            // A DRM book is still listed by the title and authors it keeps in the clear.
            if error.code == .encrypted, let format = error.format,
               let metadata = engine.unencryptedMetadata(path: path, format: format) {
                description.title = metadata.title
                description.authors = metadata.authors
                description.language = metadata.language
            }
            return description
        }
        defer { document.close() }
        description.title = document.metadata.title
        description.authors = document.metadata.authors
        description.language = document.metadata.language
        description.tocCount = (try? document.tableOfContents())?.reduce(0) { $0 + $1.count }
        if let session = try? ReadingSession(document: document, viewport: .standard) {
            description.pageCount = try? session.pageCount()
        }
        if let provider = document as? any CoverProviding, let cover = try? provider.coverImage(),
           cover.data.count <= coverLimit {
            description.cover = cover
        }
        return description
    }
}

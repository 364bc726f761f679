import Foundation
import ReaderCore
import ReaderEngine

/// A book's entry in the listing: the engine opens it for its title, authors and description;
/// `domain` is its format, `feed` is `books`, the cover is a URL this server serves.
enum BookSummary {
    /// The entry of the book at `file`, and whether it has a cover. A book the engine cannot open
    /// is listed under its file name, its excerpt saying why.
    static func entry(for file: ScannedFile, engine: ReaderEngine) -> (entry: ViewerFile, hasCover: Bool) {
        var entry = ViewerFile()
        entry.filename = file.name
        entry.mtime = ViewerDate.iso8601(file.modified)
        entry.feed = "books"
        let fileExtension = (file.name as NSString).pathExtension.lowercased()
        entry.domain = engine.registry.format(forFileExtension: fileExtension)?.rawValue ?? fileExtension
        entry.title = (file.name as NSString).deletingPathExtension
        let document: any Document
        do {
            document = try engine.open(path: file.path)
        } catch {
            entry.excerpt = "This book cannot be opened: \(error.reason)"
            return (entry, false)
        }
        entry.domain = document.format.rawValue
        let metadata = document.metadata
        if let title = metadata.title, !title.isEmpty { entry.title = title }
        entry.author = metadata.authors.joined(separator: ", ")
        entry.excerpt = metadata.description.map(PlainText.fromMarkup) ?? ""
        entry.categories = metadata.subjects
        entry.bookmarked = ""
        let hasCover: Bool
        if let provider = document as? any CoverProviding, document.capabilities.contains(.cover) {
            // A PDF's cover is its first page, rendered only when asked for.
            hasCover = document.format == .pdf || ((try? provider.coverImage()) ?? nil) != nil
        } else {
            hasCover = false
        }
        if hasCover { entry.image = "/api/covers/" + ViewerRoutes.pathComponent(file.name) }
        return (entry, hasCover)
    }
}

/// Text from markup: tags dropped, the common entities decoded, white space collapsed.
enum PlainText {
    /// `<p>A <b>tale</b> &amp; more</p>` → `A tale & more`.
    static func fromMarkup(_ markup: String) -> String {
        var text = ""
        var inTag = false
        for character in markup {
            if character == "<" {
                inTag = true
                text.append(" ")
            } else if character == ">", inTag {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        for (entity, replacement) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&apos;", "'"),
                                      ("&nbsp;", " "), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: entity, with: replacement)
        }
        return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

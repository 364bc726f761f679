import Foundation
import ReaderCore
import ReaderEngine
import ReaderRendering

/// A book as `/api/file` sends it: YAML front matter (title, author, domain, feed, excerpt), then
/// the whole book as sanitized HTML (ReaderRendering's ``HTMLRenderer``: no script, no event
/// attribute, links only to http(s), mailto and ftp, images only from the book, here through
/// `/api/book-resources/NAME/`).
enum BookText {
    /// The text of the book at `path` listed as `entry`, read as `reading` says (a library book
    /// through its stored encoding and transforms).
    /// - Throws: ``ReaderError`` when the book cannot be opened or a section cannot be read.
    static func text(path: String, entry: ViewerFile, reading: StoredReading) throws(ReaderError) -> String {
        let document = try reading.open(path: path).document
        defer { document.close() }
        var text = "---\n"
        for (key, value) in [("title", entry.title), ("author", entry.author), ("domain", entry.domain),
                             ("feed", entry.feed), ("excerpt", entry.excerpt), ("image", entry.image)] where !value.isEmpty {
            text += "\(key): \(yamlQuoted(value))\n"
        }
        text += "---\n\n"
        document.willReadSequentially()
        var renderer = HTMLRenderer(sections: document.readingOrder,
                                    resourceBase: "/api/book-resources/" + ViewerRoutes.pathComponent(entry.filename) + "/") { locator in
            try? document.textPosition(for: locator).section
        }
        for section in document.readingOrder {
            text += renderer.render(try document.content(ofSection: section.index), of: section)
        }
        return text
    }

    /// A YAML double-quoted scalar (JSON string escaping is valid YAML).
    static func yamlQuoted(_ value: String) -> String {
        let data = (try? JSONEncoder().encode(value)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

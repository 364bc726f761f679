import Foundation
import ReaderAnchoring
import ReaderCore
import ReaderEngine

/// A book's items in reading order with the page each falls on at a viewport and the chapter
/// (the table-of-contents entry its Locator names), ready to write as Markdown or JSON.
public struct AnnotationExport: Sendable, Encodable {
    /// One item placed in the book.
    public struct Entry: Sendable, Encodable {
        /// The item.
        public var annotation: Annotation
        /// The page it starts on at ``AnnotationExport/viewport``; nil when it could not be placed.
        public var page: Int?
        /// The chapter it is in.
        public var chapter: String?
    }

    /// The book.
    public var book: LibraryBook
    /// The viewport pages are counted at.
    public var viewport: Viewport
    /// The items, in reading order (those that could not be placed last, oldest first).
    public var entries: [Entry]

    /// Places every item of `book` in its present file at `viewport` (re-anchoring those made on
    /// another edition); items that cannot be placed keep no page.
    /// - Throws: ``ReaderError`` when the store fails or every file of the book is missing.
    public init(book: LibraryBook, library: Library, viewport: Viewport) throws(ReaderError) {
        self.book = book
        self.viewport = viewport
        let items = try library.annotations(of: book)
        var placed: [(entry: Entry, position: TextPosition?)] = []
        let session = try? ReadingSession(path: try library.presentPath(of: book), viewport: viewport, engine: library.engine)
        defer { session?.close() }
        for item in items {
            var position: TextPosition?
            var page: Int?
            if let session, let resolved = try? session.resolve(item.locator, reanchoring: ReanchoringOptions()) {
                position = resolved.position
                page = try? session.pageNumber(containing: resolved.position)
            }
            placed.append((Entry(annotation: item, page: page, chapter: item.locator.title), position))
        }
        entries = placed.enumerated().sorted { a, b in
            switch (a.element.position, b.element.position) {
            case let (left?, right?): return left != right ? left < right : a.offset < b.offset
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset < b.offset
            }
        }.map(\.element.entry)
    }

    /// Markdown: the title and authors, then a section per chapter in reading order, each item a
    /// list entry with its page, kind, quote and note.
    public var markdown: String {
        var lines = ["# \(MarkdownText.escaped(book.displayTitle))"]
        if !book.authors.isEmpty { lines += ["", "by \(MarkdownText.escaped(book.authors.joined(separator: ", ")))"] }
        var currentChapter: String??
        for entry in entries {
            let chapter = entry.page == nil ? "Not placed in this edition" : (entry.chapter ?? "Untitled")
            if currentChapter != .some(chapter) {
                lines += ["", "## \(MarkdownText.escaped(chapter))", ""]
                currentChapter = .some(chapter)
            }
            let item = entry.annotation
            var head = entry.page.map { "p. \($0)" } ?? "p. ?"
            head += " · \(item.kind.rawValue)"
            if let color = item.color { head += " (\(MarkdownText.escaped(color)))" }
            if item.orphaned { head += " · orphaned" }
            lines.append("- \(head)")
            if let quote = item.quote, !quote.isEmpty, item.kind != .bookmark || item.range != nil {
                for line in quote.split(separator: "\n", omittingEmptySubsequences: false) {
                    lines.append("  > \(MarkdownText.escaped(String(line)))")
                }
            } else if item.kind == .bookmark, let context = item.locator.text?.highlight, !context.isEmpty {
                lines.append("  > \(MarkdownText.escaped(context))…")
            }
            if let note = item.note, !note.isEmpty {
                for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
                    lines.append("  \(MarkdownText.escaped(String(line)))")
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Text made safe to put in Markdown: characters that could start markup are escaped and control
/// characters dropped.
enum MarkdownText {
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control { continue }
            if "\\`*_{}[]<>()#+-!|~".unicodeScalars.contains(scalar) { result.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}

import ReaderCore

/// A whole document written as Markdown or HTML, section by section, so a long book never has to
/// be held as one string.
public enum DocumentRendering {
    /// A markup to write a document in.
    public enum Markup: String, Sendable, CaseIterable {
        /// CommonMark with GitHub's table and strikethrough extensions.
        case markdown
        /// One sanitized HTML5 page.
        case html
    }

    /// Renders `document` in `markup`, handing each finished piece to `write` as soon as it is made.
    /// - Parameter resourceBase: what HTML image sources put before a resource's href.
    /// - Throws: ``ReaderError`` when a section cannot be read.
    public static func render(_ document: any Document, as markup: Markup, resourceBase: String = "",
                              write: (String) -> Void) throws(ReaderError) {
        document.willReadSequentially()
        switch markup {
        case .markdown:
            var renderer = MarkdownRenderer()
            for section in document.readingOrder {
                let piece = renderer.render(try document.content(ofSection: section.index))
                if !piece.isEmpty { write(piece) }
            }
        case .html:
            var renderer = HTMLRenderer(sections: document.readingOrder, resourceBase: resourceBase) { locator in
                try? document.textPosition(for: locator).section
            }
            write(renderer.documentStart(title: document.metadata.title, language: document.metadata.language))
            for section in document.readingOrder {
                write(renderer.render(try document.content(ofSection: section.index), of: section))
            }
            write(renderer.documentEnd())
        }
    }
}

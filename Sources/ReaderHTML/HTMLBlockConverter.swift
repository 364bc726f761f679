import ReaderCore
import ReaderXML

/// Converts an (X)HTML content document into blocks with a source map, and the index that links
/// its source offsets to EPUB CFI paths. Shared by the EPUB and MOBI/AZW3 backends.
///
/// The conversion is one walk over the tree, iterative (deep nesting costs no stack), linear in
/// the document's size, and deterministic. See ``HTMLElementRole`` for what each element does,
/// and ``HTMLContent`` for the source text all offsets point into.
///
/// Choices worth knowing:
/// - An image alone in its paragraph (only whitespace or line breaks around it) becomes an image
///   block; an image among text shows its alternative text inline, as a word. In a heading the
///   alternative text is the heading's text; a heading with no text at all gives image blocks.
/// - Ruby annotations (`rt`, `rp`, `rtc`) are not shown: only the base text is.
/// - `noscript` content is shown (reading systems do not run scripts); `template`, `script`,
///   `style`, `iframe` and `head` content is not.
/// - Ordered lists number "1.", "a.", "A.", "i.", "I." after `type`, honour `start`,
///   `reversed` and `li value`; unordered lists use "•" at every depth.
/// - A table's rows become one paragraph each, cells joined by " | " and narrow leading
///   columns padded to line up; a table whose cells hold block content is read cell by cell
///   instead (see ``TableShape``).
/// - Image sources and link targets are kept as written: resolving them is the backend's job.
public struct HTMLBlockConverter: Sendable {
    /// The options the converter uses.
    public var options: HTMLConversionOptions

    /// Creates a converter.
    public init(options: HTMLConversionOptions = .standard) {
        self.options = options
    }

    /// Converts a parsed document.
    /// - Parameter document: an XHTML, HTML or SVG document; paths start below its root element.
    /// - Returns: the blocks, path index, page breaks, links, images and title.
    public func convert(_ document: MarkupDocument) -> HTMLContent {
        ContentWalker.convert(document, options: options)
    }

    /// Parses and converts a document; the parser's warnings come first in the result's.
    /// - Parameters:
    ///   - bytes: the document.
    ///   - name: how messages name it.
    ///   - syntax: `.xml` or `.html`; nil tries XML first and falls back to HTML with a warning.
    /// - Throws: ``ReaderXML/MarkupError`` when not even the HTML parser finds a document.
    public func convert(_ bytes: [UInt8], name: String,
                        syntax: MarkupDocument.Syntax? = nil) throws(MarkupError) -> HTMLContent {
        let document = if let syntax {
            try MarkupDocument.parse(bytes, syntax: syntax, name: name)
        } else {
            try MarkupDocument.parseXMLOrHTML(bytes, name: name)
        }
        var content = convert(document)
        content.warnings = document.warnings + content.warnings
        return content
    }
}

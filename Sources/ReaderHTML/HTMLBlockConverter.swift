import ReaderCore
import ReaderXML

/// Converts an (X)HTML content document into blocks with a source map, and the index that links
/// its source offsets to EPUB CFI paths. Shared by the EPUB and MOBI/AZW3 backends.
///
/// The conversion is one walk over the tree, iterative (deep nesting costs no stack), linear in
/// the document's size, and deterministic. See ``HTMLElementRole`` for what each element does,
/// and ``HTMLContent`` for the source text all offsets point into.
///
/// The source text (what every offset counts in) is the shown character data in document order:
/// text inside hidden elements (`head`, `script`, `style`, `template`, ruby annotations, the
/// `hidden` attribute, inline `display: none`/`visibility: hidden`, page-break markers) is left
/// out, and so is a run of only white space that touches a block boundary, which CSS never shows.
/// Block text is that source with white space collapsed as CSS `white-space: normal` does (kept
/// in `pre`), soft hyphens dropped; every shown character maps to the character it came from (a
/// collapsed space to the first white space of its run). Text the engine makes (line breaks from
/// `<br>`, alternative text, table separators, list markers) maps to the run before it.
///
/// Choices worth knowing:
/// - Every block-level element ends the block before it; inline content directly inside a block
///   container (`div`, `section`, `body`, `li`, `td`, …) between two block children is a
///   paragraph of its own. Unknown elements are inline.
/// - An image that has a line to itself (nothing but white space between it and the start or
///   end of its block or a `<br>`) becomes an image block, splitting the paragraph around it:
///   `<p><img/><br/>Figure 1</p>` gives the image, then the caption. An image among text (a drop
///   cap, a symbol) shows its alternative text inline, as a word. In headings, table cells and
///   preformatted text the alternative text is always inline; a heading with no text at all
///   gives image blocks.
/// - Ruby annotations (`rt`, `rp`, `rtc`) are not shown: only the base text is.
/// - `noscript` content is shown (reading systems do not run scripts); `template`, `script`,
///   `style`, `iframe` and `head` content is not.
/// - Ordered lists number "1.", "a.", "A.", "i.", "I." after `type`, honour `start`,
///   `reversed` and `li value`; unordered lists use "•" at every depth; lists inside `<nav>` or
///   styled `list-style: none` have no marker (their items are paragraphs at the list's depth).
///   Blocks of one list are packed without blank lines, except around paragraphs from `<p>`.
/// - A table's rows become one paragraph each, cells joined by " | " and narrow leading
///   columns padded to line up (`colspan` and `rowspan` are not laid out); a table whose cells
///   hold block content (headings, lists, quotes, nested tables, images without alternative text,
///   more than three paragraphs) is read cell by cell, as plain block containers, instead.
/// - `<dd>` is indented one list level; a `<figcaption>` right under its image has no blank line.
/// - `<q>` gets no quotation marks, MathML shows its token text, and `<video>`/`<audio>`/`<object>`
///   show their fallback content, as a reading system that cannot play them would.
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

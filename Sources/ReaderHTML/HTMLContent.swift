import ReaderCore

/// What ``HTMLBlockConverter`` makes of one (X)HTML content document.
///
/// Every source offset here (block source maps, page breaks, links, images, the path index) is a
/// UTF-16 offset into the document's *source text*: the concatenation, in document order, of
/// every run of character data that can be shown (see ``ContentPathIndex``).
public struct HTMLContent: Hashable, Sendable {
    /// The blocks to lay out, in reading order.
    public var blocks: [Block]
    /// The bridge between CFI paths and source offsets: text runs and element anchors.
    public var pathIndex: ContentPathIndex
    /// Print page-number markers (`epub:type="pagebreak"`, `role="doc-pagebreak"`), in order.
    public var pageBreaks: [HTMLPageBreak]
    /// Hyperlinks (`<a href>`, SVG `<a xlink:href>`), in document order.
    public var links: [HTMLLink]
    /// Images (`<img>`, SVG `<image>`) that are shown, in document order.
    public var images: [HTMLImage]
    /// Places where an element mapped to ``HTMLElementRole/sectionBreak`` cuts the content.
    public var sectionBreaks: [HTMLSectionBreak]
    /// The document's `<title>` (whitespace collapsed), or nil when it has none or it is empty.
    public var title: String?
    /// The source text itself, when ``HTMLConversionOptions/keepsSourceText`` asked for it.
    public var sourceText: String?
    /// Problems met while converting (the parser's own warnings are on the ``MarkupDocument``).
    public var warnings: [String]

    /// Creates content.
    public init(blocks: [Block] = [], pathIndex: ContentPathIndex = ContentPathIndex(),
                pageBreaks: [HTMLPageBreak] = [], links: [HTMLLink] = [], images: [HTMLImage] = [],
                sectionBreaks: [HTMLSectionBreak] = [], title: String? = nil, sourceText: String? = nil,
                warnings: [String] = []) {
        self.blocks = blocks
        self.pathIndex = pathIndex
        self.pageBreaks = pageBreaks
        self.links = links
        self.images = images
        self.sectionBreaks = sectionBreaks
        self.title = title
        self.sourceText = sourceText
        self.warnings = warnings
    }
}

/// A print page-number marker: where page `label` of the print edition starts.
public struct HTMLPageBreak: Hashable, Sendable {
    /// The page label: the marker's `title`, else its `aria-label`, else its text ("" when none).
    public var label: String
    /// The source offset of the first text after the marker.
    public var sourceOffset: Int
    /// The marker's `id`, which EPUB page lists point at.
    public var id: String?

    /// Creates a page break.
    public init(label: String, sourceOffset: Int, id: String? = nil) {
        self.label = label
        self.sourceOffset = sourceOffset
        self.id = id
    }
}

/// A hyperlink and the source text it spans.
public struct HTMLLink: Hashable, Sendable {
    /// The target as written (not resolved, percent-encoding kept).
    public var href: String
    /// The source range of the link's text (empty for a link with no text, such as an image link).
    public var sourceRange: Range<Int>
    /// Whether the link is a note reference (`epub:type="noteref"` or `role="doc-noteref"`).
    public var isNoteReference: Bool
    /// The link element's `id` (note back-links point at it).
    public var id: String?

    /// Creates a link.
    public init(href: String, sourceRange: Range<Int>, isNoteReference: Bool = false, id: String? = nil) {
        self.href = href
        self.sourceRange = sourceRange
        self.isNoteReference = isNoteReference
        self.id = id
    }
}

/// An image met in shown content.
public struct HTMLImage: Hashable, Sendable {
    /// The `src` (or SVG `xlink:href`/`href`) as written, or nil when the element has none.
    public var source: String?
    /// The alternative text, whitespace collapsed ("" when none).
    public var alternativeText: String
    /// The source offset where the image sits.
    public var sourceOffset: Int
    /// The block that shows the image: its own image block, or the text block its alternative
    /// text was placed in. Nil when no block shows it.
    public var blockIndex: Int?

    /// Creates an image record.
    public init(source: String?, alternativeText: String, sourceOffset: Int, blockIndex: Int? = nil) {
        self.source = source
        self.alternativeText = alternativeText
        self.sourceOffset = sourceOffset
        self.blockIndex = blockIndex
    }
}

/// A cut requested by an element with the ``HTMLElementRole/sectionBreak`` role (MOBI's
/// `<mbp:pagebreak/>`, when the MOBI backend maps it so).
public struct HTMLSectionBreak: Hashable, Sendable {
    /// The index of the first block after the break (`blocks.count` when none follows).
    public var blockIndex: Int
    /// The source offset of the break.
    public var sourceOffset: Int

    /// Creates a section break.
    public init(blockIndex: Int, sourceOffset: Int) {
        self.blockIndex = blockIndex
        self.sourceOffset = sourceOffset
    }
}

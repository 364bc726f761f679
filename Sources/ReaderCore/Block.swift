/// One unit of reflowable content: a heading, a paragraph, a code block, a list item, …
///
/// `text` is what is shown; `sourceMap` maps every UTF-16 offset of `text` back to the
/// document's native position space (for TXT and Markdown: UTF-16 offsets in the decoded source).
public struct Block: Hashable, Sendable {
    /// What kind of content a block holds; the layout treats each differently.
    public enum Kind: Hashable, Sendable {
        /// A heading of level 1 (most important) to 6.
        case heading(level: Int)
        /// Flowing text; `\n` inside it is a forced line break.
        case paragraph
        /// Text whose lines are kept as they are: wrapped hard at the width, never reflowed.
        case preformatted
        /// The first paragraph of a list item, shown after `marker` ("•", "3.", "[x]").
        case listItem(marker: String)
        /// A paragraph inside a block quote.
        case quote
        /// An image, shown by its alternative text.
        case image(source: String?)
        /// A thematic break (horizontal rule); its text is empty.
        case rule
    }

    /// What this block is.
    public var kind: Kind
    /// The visible text (for images, the alternative text; for rules, empty).
    public var text: String
    /// Where each part of `text` comes from.
    public var sourceMap: SourceMap
    /// How deep the block sits in lists (0 = not in a list); continuation lines indent by it.
    public var listDepth: Int
    /// How deep the block sits in block quotes (0 = not quoted).
    public var quoteDepth: Int
    /// Blank lines to leave before this block when it does not start a page.
    public var spacingBefore: Int
    /// The nearest element id at or before this block, for Locator `fragments`.
    public var anchorID: String?
    /// Inline formatting and references over `text` (emphasis, links, images, notes), sorted by
    /// where they start, an outer run before the runs inside it; empty for formats without any (TXT).
    public var runs: [InlineRun]
    /// The cells of the table rows this block shows (one row per block for EPUB and MOBI tables,
    /// a whole table for a Markdown one); empty when the block is not a table.
    public var tableRows: [TableRow]

    /// Creates a block.
    public init(kind: Kind, text: String, sourceMap: SourceMap, listDepth: Int = 0, quoteDepth: Int = 0,
                spacingBefore: Int = 1, anchorID: String? = nil, runs: [InlineRun] = [], tableRows: [TableRow] = []) {
        self.kind = kind
        self.text = text
        self.sourceMap = sourceMap
        self.listDepth = listDepth
        self.quoteDepth = quoteDepth
        self.spacingBefore = spacingBefore
        self.anchorID = anchorID
        self.runs = runs
        self.tableRows = tableRows
    }

    /// Whether this block is a heading (headings keep with the line that follows).
    public var isHeading: Bool {
        if case .heading = kind { return true }
        return false
    }
}

/// A cmark position range: 1-based lines, 1-based UTF-8 byte columns, end column inclusive.
/// cmark leaves positions at 0 where it has none.
struct SourceSpan: Hashable, Sendable {
    /// The line the node starts on.
    var startLine: Int
    /// The byte column of the node's first byte.
    var startColumn: Int
    /// The line the node ends on.
    var endLine: Int
    /// The byte column of the node's last byte (0: the node ends before `endLine`).
    var endColumn: Int

    /// Whether cmark gave a start position at all.
    var hasStart: Bool { startLine > 0 && startColumn > 0 }
}

/// How a table column is aligned.
enum TableAlignment: Hashable, Sendable {
    /// Not specified (shown left-aligned).
    case none
    /// `:---`.
    case left
    /// `:---:`.
    case center
    /// `---:`.
    case right
}

/// A list's numbering and spacing, as cmark parsed it.
struct ListStyle: Hashable, Sendable {
    /// Ordered (numbered) rather than bulleted.
    var isOrdered: Bool
    /// The number of the first item.
    var start: Int
    /// The character after an item number: "." or ")".
    var delimiter: String
    /// Tight lists have no blank lines between their items.
    var isTight: Bool
}

/// One node of the parsed Markdown tree, copied out of cmark into Swift values.
struct MarkdownNode: Sendable {
    /// What the node is.
    enum Kind: Sendable {
        case document
        case blockQuote
        case list(ListStyle)
        /// A list item; `task` is nil for ordinary items, else whether the box is checked.
        case item(task: Bool?)
        case codeBlock(isFenced: Bool)
        case htmlBlock
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case table(alignments: [TableAlignment])
        case tableRow(isHeader: Bool)
        case tableCell
        case text
        case softBreak
        case lineBreak
        case code
        case htmlInline
        case emphasis
        case strong
        case strikethrough
        case link(url: String)
        case image(url: String)
        /// A node this reader does not interpret: its children are read as if they were its parent's.
        case other
    }

    /// What the node is.
    var kind: Kind
    /// The literal text of leaf nodes (text, code, code blocks, HTML).
    var literal: String?
    /// Where cmark says the node is, when it says.
    var span: SourceSpan?
    /// The node's children, in order.
    var children: [MarkdownNode] = []
}

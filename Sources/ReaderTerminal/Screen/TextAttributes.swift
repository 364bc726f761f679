/// How a stretch of text on the screen is drawn: attributes and, for highlights, a colour.
public struct TextAttributes: Hashable, Sendable {
    /// Bold (headings, strong text).
    public var bold = false
    /// Faint (code, decoration).
    public var dim = false
    /// Italic (emphasis).
    public var italic = false
    /// Underlined (links, underlined text).
    public var underline = false
    /// Reverse video (search hits, the selection, panels' chosen line).
    public var reverse = false
    /// Struck through.
    public var strikethrough = false
    /// A highlight's background colour; shown as reverse video where colours are off.
    public var highlight: HighlightColor?

    /// Plain text.
    public static let plain = TextAttributes()

    /// Creates attributes.
    public init(bold: Bool = false, dim: Bool = false, italic: Bool = false, underline: Bool = false,
                reverse: Bool = false, strikethrough: Bool = false, highlight: HighlightColor? = nil) {
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
        self.strikethrough = strikethrough
        self.highlight = highlight
    }

    /// Both sets of attributes at once; `other`'s highlight wins.
    public func merging(_ other: TextAttributes) -> TextAttributes {
        TextAttributes(bold: bold || other.bold, dim: dim || other.dim, italic: italic || other.italic,
                       underline: underline || other.underline, reverse: reverse || other.reverse,
                       strikethrough: strikethrough || other.strikethrough, highlight: other.highlight ?? highlight)
    }
}

/// The colours highlights are drawn in (ANSI background colours).
public enum HighlightColor: String, Hashable, Sendable, CaseIterable {
    /// Yellow, the default.
    case yellow
    /// Green.
    case green
    /// Blue.
    case blue
    /// Red.
    case red
    /// Magenta.
    case magenta
    /// Cyan.
    case cyan

    /// The colour a stored highlight's colour name (or `#rrggbb`) is drawn in: its name when it is
    /// one of these, else yellow.
    public init(named name: String?) {
        self = name.flatMap { HighlightColor(rawValue: $0.lowercased()) } ?? .yellow
    }

    /// The SGR background code.
    var backgroundCode: Int {
        switch self {
        case .red: 41
        case .green: 42
        case .yellow: 43
        case .blue: 44
        case .magenta: 45
        case .cyan: 46
        }
    }
}

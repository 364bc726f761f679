/// One laid-out line of a block: decoration, then content.
public struct LayoutLine: Hashable, Sendable {
    /// Decoration that is not part of the block text: indentation, a list marker, quote bars.
    public var prefix: String
    /// The content shown after the prefix (whitespace at a soft break is left out).
    public var text: String
    /// The UTF-16 range of the block text this line stands for. The ranges of a block's lines tile
    /// its text: the first starts at 0, each starts where the previous ended, the last ends at the
    /// text's UTF-16 length. Whitespace dropped at a break belongs to the line it ends.
    public var textRange: Range<Int>

    /// Creates a line.
    public init(prefix: String, text: String, textRange: Range<Int>) {
        self.prefix = prefix
        self.text = text
        self.textRange = textRange
    }

    /// Prefix and text together, as displayed.
    public var rendered: String { prefix + text }
}

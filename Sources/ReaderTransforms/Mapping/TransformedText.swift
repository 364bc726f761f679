/// A transform's output and the map from it back to its input.
public struct TransformedText: Hashable, Sendable {
    /// The transformed text.
    public var text: String
    /// Offsets in `text` (UTF-16) to offsets in the text transformed, and back.
    public var map: OffsetMap

    /// Creates a transformed text.
    public init(text: String, map: OffsetMap) {
        self.text = text
        self.map = map
    }

    /// A text left unchanged.
    public static func unchanged(_ text: String) -> TransformedText {
        TransformedText(text: text, map: .identity(length: text.utf16.count))
    }
}

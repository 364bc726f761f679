/// Markup a caller places at a point of a block's text: an empty anchor a link leads to, a
/// print page-number marker.
package struct InlineMarker: Hashable, Sendable {
    /// The UTF-16 offset in the block's text.
    package var offset: Int
    /// The markup, written as it is (the caller escapes it).
    package var markup: String

    /// Creates a marker.
    package init(offset: Int, markup: String) {
        self.offset = offset
        self.markup = markup
    }
}

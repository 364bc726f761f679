/// An image a block shows: where its bytes are, what it depicts, and its size when known.
public struct ImageReference: Hashable, Sendable {
    /// The image resource as the document names it: an href resolved against the document's
    /// resources (EPUB container path, `kindle:embed:…`, a path relative to a Markdown file), or
    /// the source as written when it cannot be resolved.
    public var href: String
    /// The alternative text, whitespace collapsed; empty when there is none.
    public var alternativeText: String
    /// The intrinsic or declared width in CSS pixels, when known.
    public var width: Int?
    /// The intrinsic or declared height in CSS pixels, when known.
    public var height: Int?

    /// Creates an image reference.
    public init(href: String, alternativeText: String = "", width: Int? = nil, height: Int? = nil) {
        self.href = href
        self.alternativeText = alternativeText
        self.width = width
        self.height = height
    }
}

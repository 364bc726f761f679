/// A text value of a feed with what it needs to be shown: its markup type, language and base.
/// HTML and XHTML values are sanitized HTML with URLs made absolute.
public struct FeedText: Hashable, Sendable, Codable {
    /// The markup of a text value.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Plain text (`text/plain`).
        case text = "text/plain"
        /// HTML (`text/html`), sanitized.
        case html = "text/html"
        /// XHTML (`application/xhtml+xml`), sanitized, as the markup inside its wrapper `div`.
        case xhtml = "application/xhtml+xml"
    }

    /// The value: plain text, or sanitized HTML.
    public var value: String
    /// Its markup.
    public var kind: Kind
    /// The language (`xml:lang` in scope), when known.
    public var language: String?
    /// The base URL in scope (`xml:base`, else the feed's address), when known.
    public var base: String?

    /// Creates a text value.
    public init(value: String, kind: Kind = .text, language: String? = nil, base: String? = nil) {
        self.value = value
        self.kind = kind
        self.language = language
        self.base = base
    }

    /// Whether the value is markup (HTML or XHTML).
    public var isMarkup: Bool { kind != .text }
}

/// A document format the engine knows about, whether or not a backend for it is registered.
public enum DocumentFormat: String, CaseIterable, Codable, Hashable, Sendable {
    /// Plain text in any encoding.
    case txt
    /// CommonMark / GitHub Flavored Markdown, optionally with YAML front matter.
    case markdown
    /// EPUB 2 or 3 (an OCF zip container).
    case epub
    /// Portable Document Format.
    case pdf
    /// Mobipocket (MOBI 6, possibly a KF8 hybrid).
    case mobi
    /// Kindle Format 8 only (AZW3).
    case azw3

    /// A human-readable name.
    public var displayName: String {
        switch self {
        case .txt: "Plain text"
        case .markdown: "Markdown"
        case .epub: "EPUB"
        case .pdf: "PDF"
        case .mobi: "MOBI"
        case .azw3: "AZW3 (KF8)"
        }
    }

    /// The IANA (or customary) media type, as used in Locator `type`.
    public var mediaType: String {
        switch self {
        case .txt: "text/plain"
        case .markdown: "text/markdown"
        case .epub: "application/epub+zip"
        case .pdf: "application/pdf"
        case .mobi: "application/x-mobipocket-ebook"
        case .azw3: "application/vnd.amazon.mobi8-ebook"
        }
    }

    /// File name extensions (lower case, without the dot) that usually carry this format.
    public var fileExtensions: [String] {
        switch self {
        case .txt: ["txt", "text"]
        case .markdown: ["md", "markdown", "mkd", "mdown", "mdwn", "mkdn"]
        case .epub: ["epub"]
        case .pdf: ["pdf"]
        case .mobi: ["mobi", "prc", "azw"]
        case .azw3: ["azw3", "kf8"]
        }
    }

    /// The format conventionally associated with a file name extension, if any.
    public static func byExtension(_ fileExtension: String) -> DocumentFormat? {
        let lowered = fileExtension.lowercased()
        return allCases.first { $0.fileExtensions.contains(lowered) }
    }
}

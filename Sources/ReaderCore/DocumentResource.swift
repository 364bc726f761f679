/// One file a document holds besides its text flow: an image, a stylesheet, a font, a rendered
/// page. ``ResourceProviding`` lists them and reads them by ``href``.
public struct DocumentResource: Hashable, Sendable, Codable {
    /// The name to read it by: a container path (EPUB), `kindle:embed:0001` or `recindex:1`
    /// (MOBI/AZW3), the link as written (Markdown), `page/1.png` (PDF).
    public var href: String
    /// The media type (`image/jpeg`, `text/css`, …).
    public var mediaType: String
    /// The size in bytes, when it is known without reading the resource (nil for a PDF page,
    /// whose picture is only made when it is read).
    public var byteCount: Int?

    /// Creates a resource entry.
    public init(href: String, mediaType: String, byteCount: Int?) {
        self.href = href
        self.mediaType = mediaType
        self.byteCount = byteCount
    }

    /// The most bytes any resource may have, whatever the format: 64 MiB, the EPUB container's
    /// cap on one inflated entry. Larger ones are refused with a ``ReaderError``.
    public static let byteLimit = 64 << 20

    /// The media type a file name's extension suggests, for formats that do not declare one;
    /// `application/octet-stream` when it suggests none.
    package static func mediaType(forPath path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        switch name[name.index(after: dot)...].lowercased() {
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        case "bmp": return "image/bmp"
        case "avif": return "image/avif"
        default: return "application/octet-stream"
        }
    }
}

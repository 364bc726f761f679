import ReaderCore

/// Opens CommonMark / GitHub Flavored Markdown files, with optional YAML front matter.
public struct MarkdownBackend: DocumentBackend {
    /// Creates the backend.
    public init() {}

    /// The formats this backend opens: Markdown.
    public var descriptors: [FormatDescriptor] { [.markdown] }

    /// Text with a Markdown extension, front matter or Markdown syntax.
    public var sniffers: [any FormatSniffing] { [MarkdownSniffer()] }

    /// TOC, metadata, search, reflow, images and source offsets for Markdown; nothing otherwise.
    public func capabilities(for format: DocumentFormat) -> FormatCapabilities {
        format == .markdown ? MarkdownDocument.supportedCapabilities : []
    }

    /// Opens a Markdown file.
    /// - Throws: ``ReaderError`` naming the file when it cannot be read, is too large, or `format`
    ///   is not Markdown.
    public func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document {
        guard format == .markdown else {
            throw ReaderError(.unsupportedFormat, file: path, format: format,
                              reason: "the Markdown backend does not open \(format.rawValue)")
        }
        return try MarkdownDocument(path: path)
    }
}

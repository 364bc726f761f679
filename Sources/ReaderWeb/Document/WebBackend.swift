import ReaderCore

/// Opens saved web pages (`.html`, `.htm`, `.xhtml` outside an EPUB) as their article, extracted
/// the way a reading mode does, or whole with ``ReaderCore/OpenOptions/extractsArticle`` off.
public struct WebBackend: DocumentBackend {
    /// Creates the backend.
    public init() {}

    /// Web pages.
    public var descriptors: [FormatDescriptor] { [.html] }

    /// Text that starts like an HTML document, or names itself `.html` and holds HTML tags.
    public var sniffers: [any FormatSniffing] { [WebPageSniffer()] }

    /// TOC (the article's headings), metadata, search, reflow, images, encoding detection, source offsets.
    public func capabilities(for format: DocumentFormat) -> FormatCapabilities {
        [.tableOfContents, .metadata, .search, .reflow, .images, .encodingDetection, .sourceOffsets]
    }

    /// Reads, extracts and converts the page (see ``WebArticle/read(path:extractsArticle:encoding:)``).
    /// - Throws: ``ReaderError`` when the file cannot be read, is too large or is no HTML at all.
    public func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document {
        let article = try WebArticle.read(path: path, extractsArticle: options.extractsArticle, encoding: options.encoding)
        return WebDocument(path: path, format: format, capabilities: capabilities(for: format), article: article)
    }
}

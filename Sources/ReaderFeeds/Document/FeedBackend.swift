import ReaderCore

/// Opens web feeds (RSS, Atom, JSON Feed) as documents: one section per item.
public struct FeedBackend: DocumentBackend {
    /// Creates the backend.
    public init() {}

    /// The format this backend opens: feeds.
    public var descriptors: [FormatDescriptor] { [.feed] }

    /// Feeds recognised by their root element or JSON Feed version.
    public var sniffers: [any FormatSniffing] { [FeedSniffer()] }

    /// TOC (the items), metadata, search, reflow, images and source offsets.
    public func capabilities(for format: DocumentFormat) -> FormatCapabilities {
        format == .feed ? FeedDocument.supportedCapabilities : []
    }

    /// Opens a feed file.
    /// - Throws: ``ReaderError`` naming the file when it cannot be read or holds no feed.
    public func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document {
        guard format == .feed else {
            throw ReaderError(.unsupportedFormat, file: path, format: format, reason: "the feed backend does not open \(format.rawValue)")
        }
        return try FeedDocument(path: path, feed: FeedParser.parse(contentsOf: path))
    }
}

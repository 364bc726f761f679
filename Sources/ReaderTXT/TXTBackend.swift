import ReaderCore

/// Opens plain-text files in any supported encoding.
public struct TXTBackend: DocumentBackend {
    /// Creates the backend.
    public init() {}

    /// Plain text only.
    public var descriptors: [FormatDescriptor] { [.txt] }

    /// Text named `.txt`, and any text nothing else recognised.
    public var sniffers: [any FormatSniffing] { [TXTSniffer(requiresExtension: true), TXTSniffer(requiresExtension: false)] }

    /// Detected chapters, reflow, search, encoding detection, source offsets.
    public func capabilities(for format: DocumentFormat) -> FormatCapabilities {
        [.tableOfContents, .metadata, .search, .reflow, .encodingDetection, .sourceOffsets]
    }

    /// Maps the file, detects (or takes) its encoding and cuts it into sections; decodes nothing else.
    public func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document {
        try TXTDocument(path: path, options: options, capabilities: capabilities(for: format))
    }
}

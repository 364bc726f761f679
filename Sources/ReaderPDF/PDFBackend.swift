import ReaderCore

/// Opens PDF files through poppler-glib.
public struct PDFBackend: DocumentBackend {
    /// Creates the backend.
    public init() {}

    /// PDF.
    public var descriptors: [FormatDescriptor] { [.pdf] }

    /// `%PDF-` within the first KiB.
    public var sniffers: [any FormatSniffing] { [PDFSniffer()] }

    /// Outline, metadata, a cover (page 1 rendered), search, reflow, native pages and encryption detection.
    public func capabilities(for format: DocumentFormat) -> FormatCapabilities {
        [.tableOfContents, .metadata, .cover, .search, .reflow, .fixedPages, .encryptionDetection]
    }

    /// Opens the PDF at `path`, with `options.password` when it is encrypted.
    /// - Throws: ``ReaderError``: encrypted without the right password, malformed when poppler
    ///   cannot read it.
    public func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document {
        do {
            let poppler = try PopplerDocument.open(path: path, password: options.password)
            return PDFDocument(path: path, poppler: poppler, capabilities: capabilities(for: format))
        } catch where error.code == .malformed && error.reason.hasPrefix("damaged:") {
            // No trailer poppler can find, or a lost catalog or page tree: a copy with a new page
            // tree over the page objects that survive, when there are any.
            guard let salvage = PDFSalvage.make(from: path) else { throw error }
            guard let poppler = try? PopplerDocument.open(path: salvage.path, password: options.password) else {
                salvage.remove()
                throw error
            }
            let note = "\(error.reason.dropFirst("damaged: ".count)); the \(salvage.pageCount) page objects found in the "
                + "file were read under a rebuilt page tree"
            return PDFDocument(path: path, poppler: poppler, capabilities: capabilities(for: format),
                               salvage: salvage, salvageNote: note)
        }
    }
}

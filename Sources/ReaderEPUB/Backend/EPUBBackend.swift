import ReaderCore
import ReaderZip

/// Opens EPUB 2 and 3 books: libzip for the container, libxml2 for the package, navigation and
/// content documents.
public struct EPUBBackend: DocumentBackend {
    /// Creates the backend.
    public init() {}

    /// EPUB.
    public var descriptors: [FormatDescriptor] { [.epub] }

    /// A zip with the EPUB mimetype or container.xml (or named `.epub`).
    public var sniffers: [any FormatSniffing] { [EPUBSniffer()] }

    /// TOC, metadata, cover, search, reflow, CFI, images and DRM detection; a pre-paginated book
    /// adds fixed pages on the opened document.
    public func capabilities(for format: DocumentFormat) -> FormatCapabilities {
        [.tableOfContents, .metadata, .cover, .search, .reflow, .cfi, .images, .encryptionDetection]
    }

    /// Opens the book at `path`.
    /// - Throws: ``ReaderError``: malformed for a broken container or package, encrypted for DRM.
    public func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document {
        do throws(ReaderError) {
            let archive: ZipArchive
            do {
                archive = try ZipArchive.recovering(path: path)
            } catch {
                throw error.readerError(file: path, format: .epub)
            }
            let resources = ZipResources(archive: archive, file: path)
            let publication = try EPUBPublication.load(from: resources)
            return EPUBDocument(path: path, resources: resources, publication: publication,
                                capabilities: capabilities(for: format))
        } catch {
            throw error.locating(file: path, format: .epub)
        }
    }
}

extension EPUBBackend: LockedMetadataReading {
    /// The package document's metadata: DRM encrypts the content documents, never the OPF.
    public func unencryptedMetadata(path: String, format: DocumentFormat) -> DocumentMetadata? {
        guard let archive = try? ZipArchive.recovering(path: path) else { return nil }
        return EPUBPublication.packageMetadata(in: ZipResources(archive: archive, file: path))
    }
}

import Foundation
import ReaderCore
import ReaderEPUB
import ReaderFeeds
import ReaderMarkdown
import ReaderMOBI
import ReaderPDF
import ReaderTXT
import ReaderWeb

/// The dispatcher: sniffs a file with the backends' sniffers, consults the capability matrix
/// and hands the file to the backend registered for its format.
public struct ReaderEngine: Sendable {
    /// The registered backends, in the order they were given.
    public let backends: [any DocumentBackend]
    /// The formats the backends declare and their sniffers.
    public let registry: FormatRegistry

    /// An engine with every backend this package provides.
    public static let standard = ReaderEngine(backends: [TXTBackend(), MarkdownBackend(), EPUBBackend(), PDFBackend(), MOBIBackend(),
                                                      WebBackend(), FeedBackend()])

    /// Creates an engine with the given backends; a later backend does not replace an earlier one.
    public init(backends: [any DocumentBackend]) {
        self.backends = backends
        self.registry = FormatRegistry(backends: backends)
    }

    /// The capabilities of every registered format, in registration order.
    public var capabilityMatrix: [(descriptor: FormatDescriptor, capabilities: FormatCapabilities)] {
        registry.descriptors.compactMap { descriptor in
            backend(for: descriptor.format).map { (descriptor, $0.capabilities(for: descriptor.format)) }
        }
    }

    /// The backend that opens `format`, if any.
    public func backend(for format: DocumentFormat) -> (any DocumentBackend)? {
        backends.first { $0.formats.contains(format) }
    }

    /// Decides a file's format from its first bytes, then its extension.
    /// - Throws: `ReaderError` when the file cannot be read or is not a format the engine knows.
    public func sniff(path: String) throws(ReaderError) -> FormatSniffer.Result {
        guard let result = try sniffIfKnown(path: path) else {
            throw ReaderError(.unsupportedFormat, file: path,
                              reason: "unrecognised content (neither text nor a known document signature)")
        }
        return result
    }

    /// The fingerprint of any readable file: of the format it is sniffed as, or
    /// `DocumentFormat/unknown` when no sniffer recognises it. Nothing but sniffing and hashing
    /// is done, so a file its backend would refuse (broken, encrypted) is fingerprinted too.
    /// - Throws: `ReaderError` when the file cannot be read.
    public func fingerprint(path: String) throws(ReaderError) -> DocumentFingerprint {
        let format = try sniffIfKnown(path: path)?.format ?? .unknown
        return try DocumentFingerprint.compute(path: path, format: format)
    }

    /// The sniffing decision, nil when nothing recognises the file.
    private func sniffIfKnown(path: String) throws(ReaderError) -> FormatSniffer.Result? {
        let sample = try ReadOnlyFile(path: path).readPrefix(FormatSniffer.sampleSize)
        let fileExtension = (path as NSString).pathExtension
        return registry.sniff(sample: sample, fileExtension: fileExtension.isEmpty ? nil : fileExtension)
    }

    /// Opens a document, whatever its format.
    /// - Parameters:
    ///   - path: the file to open.
    ///   - format: skips sniffing when given.
    ///   - options: a forced text encoding, a PDF password.
    /// - Throws: `ReaderError` naming the file, the format and what is wrong.
    public func open(path: String, format: DocumentFormat? = nil, options: OpenOptions = .init()) throws(ReaderError) -> any Document {
        let chosen: DocumentFormat
        if let format { chosen = format } else { chosen = try sniff(path: path).format }
        guard let backend = backend(for: chosen) else {
            throw ReaderError(.unsupportedFormat, file: path, format: chosen,
                              reason: "no backend for \(registry.displayName(of: chosen)) is available in this build")
        }
        do {
            return try backend.open(path: path, format: chosen, options: options)
        } catch {
            throw error.locating(file: path, format: chosen)
        }
    }

    /// What a book that cannot be opened (DRM, a password) leaves readable: its unencrypted
    /// metadata, when its backend can read it; nil otherwise.
    public func unencryptedMetadata(path: String, format: DocumentFormat) -> DocumentMetadata? {
        (backend(for: format) as? any LockedMetadataReading)?.unencryptedMetadata(path: path, format: format)
    }

    /// Refuses an operation the document's format cannot do.
    /// - Throws: `ReaderError` of kind `unsupportedOperation` naming the operation and the format.
    public func require(_ capability: FormatCapabilities, of document: any Document, for operation: String) throws(ReaderError) {
        guard document.capabilities.contains(capability) else {
            throw ReaderError(.unsupportedOperation, file: document.path, format: document.format,
                              reason: "\(registry.displayName(of: document.format)) documents have no \(capability.names.joined(separator: ", ")) (needed for \(operation))")
        }
    }

    /// A paginator for a document, starting from the cached page index when there is one.
    public func paginator(for document: any Document, viewport: Viewport, options: OpenOptions = .init(),
                          cache: PageIndexCache? = nil) throws(ReaderError) -> Paginator {
        guard let cache else { return Paginator(document: document, viewport: viewport) }
        let cached = cache.load(fingerprint: try document.fingerprint(), viewport: viewport, variant: options.textVariant)
        return Paginator(document: document, viewport: viewport, cachedIndex: cached)
    }
}

/// An opened document, whatever its format. Backends implement it; everything else uses it.
///
/// Opening is cheap: expensive work (hashing, decoding a large text, detecting chapters) happens
/// when a method that needs it is first called, and implementations memoize the result.
public protocol Document: AnyObject, Sendable {
    /// The path the document was opened from.
    var path: String { get }
    /// The format the document was opened as.
    var format: DocumentFormat { get }
    /// What this document's backend can do.
    var capabilities: FormatCapabilities { get }
    /// Bibliographic metadata.
    var metadata: DocumentMetadata { get }
    /// The sections in reading order.
    var readingOrder: [Section] { get }
    /// Backend facts worth showing (for TXT: the detected encoding and the detector's confidence),
    /// as ordered name–value pairs.
    var details: [(name: String, value: String)] { get }
    /// Problems met that did not stop the document from opening or a section from being read, as
    /// typed values: those found at opening, then those of each section converted so far, in
    /// section order. A section's own warnings are known once it has been read (the paginator
    /// reads every section to count all pages). The default turns ``DocumentMetadata/warnings``
    /// into warnings of code ``DocumentWarning/Code/general``.
    var warnings: [DocumentWarning] { get }
    /// Every warning, the sections' included: reads the sections whose warnings are not known yet
    /// (``warnings`` afterwards gives the same). The default reads every section; a backend whose
    /// warnings are all known at opening returns ``warnings``.
    /// - Throws: ``ReaderError`` when a section cannot be read.
    func allWarnings() throws(ReaderError) -> [DocumentWarning]

    /// The file's fingerprint, computed by streaming the bytes once.
    func fingerprint() throws(ReaderError) -> DocumentFingerprint
    /// The table of contents, nested.
    func tableOfContents() throws(ReaderError) -> [TOCEntry]
    /// The blocks of a section.
    func content(ofSection index: Int) throws(ReaderError) -> SectionContent
    /// The blocks of a section for laying pages out: those of ``content(ofSection:)`` (kinds, text,
    /// spacing, runs, and which text comes from the source), except that their source maps may
    /// count from elsewhere than the document's native positions, since layout never reads them.
    /// A backend that must read what comes before a section to place it there (TXT, whose native
    /// offsets count UTF-16 units from the start of the whole decoded file) gives them without
    /// reading that. `use` says whether the caller reads on in order or samples this section.
    /// The default gives ``content(ofSection:)``.
    func layoutContent(ofSection index: Int, use: SectionUse) throws(ReaderError) -> SectionContent
    /// The Locator of a text position.
    func locator(at position: TextPosition) throws(ReaderError) -> Locator
    /// The text position a Locator points at.
    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition
    /// The resources of the positions list and their position counts (see ``positionList(counting:)``).
    func positionedResources(counting: PositionCounting) throws(ReaderError) -> [PositionedResource]
    /// A hint that the sections are about to be read in order, to the end (extracting the text,
    /// counting pages, searching, indexing): a backend may start reading ahead on other threads.
    /// Results never depend on it; the default does nothing.
    func willReadSequentially()
    /// A hint that every section is about to be read more than once (an export plans from the
    /// sections, then writes them): a backend that converts sections may keep them all until it
    /// is closed, where it would keep the last few. Results never depend on it; the default does
    /// nothing.
    func willReadRepeatedly()
    /// Stops reading ahead and releases the file and C handles now rather than when the last
    /// reference goes; afterwards every method that reads the file throws a ``ReaderError``.
    /// Closing twice does nothing; the default does nothing.
    func close()
}

extension Document {
    /// Does nothing: the backend reads each section when it is asked for.
    public func willReadSequentially() {}

    /// Does nothing: the backend keeps what it keeps.
    public func willReadRepeatedly() {}

    /// The section's ``content(ofSection:)``, whose source maps are the document's already.
    public func layoutContent(ofSection index: Int, use: SectionUse) throws(ReaderError) -> SectionContent {
        try content(ofSection: index)
    }

    /// The metadata's warnings, each of code ``DocumentWarning/Code/general``.
    public var warnings: [DocumentWarning] {
        metadata.warnings.map { DocumentWarning(.general, message: $0) }
    }

    /// Reads every section, then gives ``warnings``.
    public func allWarnings() throws(ReaderError) -> [DocumentWarning] {
        for index in readingOrder.indices { _ = try content(ofSection: index) }
        return warnings
    }

    /// Does nothing: the backend holds nothing that outlives its last reference.
    public func close() {}
}

/// Options a caller may give when opening a document.
public struct OpenOptions: Hashable, Sendable {
    /// An encoding name that overrides detection (TXT), e.g. "GB18030" or "windows-1251".
    public var encoding: String?
    /// The password of an encrypted document (PDF).
    public var password: String?
    /// A short name for text transforms a caller applies over the backend's text (ReaderTransforms'
    /// `TextTransformChain.variant`); backends ignore it, but it changes the text, so it is part of
    /// ``textVariant``. Empty when none.
    public var transformVariant: String
    /// Whether a web page is read as its extracted article (true) or whole (false, `--no-extract`).
    public var extractsArticle: Bool
    /// Whether the backend may start decoding the first section on another core as soon as the
    /// document opens, since most callers show it first (TXT). A caller that builds no blocks (a
    /// count or a list of hits searched in a text file's bytes) turns it off, so that work does not
    /// compete with its own. It does not change the text.
    public var buildsFirstSectionAhead: Bool

    /// Creates options.
    public init(encoding: String? = nil, password: String? = nil, transformVariant: String = "", extractsArticle: Bool = true,
                buildsFirstSectionAhead: Bool = true) {
        self.encoding = encoding
        self.password = password
        self.transformVariant = transformVariant
        self.extractsArticle = extractsArticle
        self.buildsFirstSectionAhead = buildsFirstSectionAhead
    }

    /// The part of the options that changes the text, and so the pages: cached page indexes and
    /// search indexes are named apart by it ("" when nothing is forced).
    public var textVariant: String {
        [encoding.map { "enc-" + $0.lowercased() } ?? "", extractsArticle ? "" : "whole", transformVariant]
            .filter { !$0.isEmpty }.joined(separator: "+")
    }
}

/// A format backend: it opens the formats it declares, and recognises them with its sniffers.
public protocol DocumentBackend: Sendable {
    /// The formats this backend opens, with their names, media types and extensions.
    var descriptors: [FormatDescriptor] { get }
    /// The content checks that recognise this backend's formats (see ``FormatSniffing``). The
    /// default has none: the backend then opens a file only when the caller names its format, or
    /// when the file is empty and its extension is one of the backend's.
    var sniffers: [any FormatSniffing] { get }
    /// What the backend can do for one of its formats.
    func capabilities(for format: DocumentFormat) -> FormatCapabilities
    /// Opens a file already sniffed as `format`.
    /// - Throws: ``ReaderError`` naming the file, the format and what is wrong.
    func open(path: String, format: DocumentFormat, options: OpenOptions) throws(ReaderError) -> any Document
}

extension DocumentBackend {
    /// The formats this backend opens: those of its ``descriptors``.
    public var formats: [DocumentFormat] { descriptors.map(\.format) }

    /// No sniffer.
    public var sniffers: [any FormatSniffing] { [] }
}

/// A cover picture as stored in the document.
public struct CoverImage: Hashable, Sendable {
    /// The media type (`image/jpeg`, `image/png`, …).
    public var mediaType: String
    /// The image bytes, as stored.
    public var data: [UInt8]
    /// Where it came from inside the document (an archive path, a record number), for messages.
    public var source: String

    /// Creates a cover image.
    public init(mediaType: String, data: [UInt8], source: String) {
        self.mediaType = mediaType
        self.data = data
        self.source = source
    }

    /// The usual file extension for the media type, without the dot.
    public var fileExtension: String {
        switch mediaType.lowercased() {
        case "image/jpeg", "image/jpg": "jpg"
        case "image/png": "png"
        case "image/gif": "gif"
        case "image/svg+xml": "svg"
        case "image/webp": "webp"
        default: "bin"
        }
    }
}

/// Documents whose format can carry a cover picture.
public protocol CoverProviding {
    /// The cover picture, or nil when the document has none.
    /// - Throws: ``ReaderError`` when the document names a cover that cannot be read.
    func coverImage() throws(ReaderError) -> CoverImage?
}

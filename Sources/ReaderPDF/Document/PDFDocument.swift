import Foundation
import ReaderCore

/// A PDF opened through poppler: one section per page, reflowed into paragraphs.
///
/// Native positions are a 1-based `page` and a UTF-16 `offset` in the text poppler extracts from
/// that page. A paragraph that runs over a page break is one block, held by the section of the page
/// it starts on, so the sections of later pages can begin part-way into their page's text.
public final class PDFDocument: Document, @unchecked Sendable {
    /// The path the document was opened from.
    public let path: String
    /// Always PDF.
    public let format = DocumentFormat.pdf
    /// What the PDF backend can do.
    public let capabilities: FormatCapabilities
    /// The info dictionary (XMP where it is empty).
    public let metadata: DocumentMetadata
    /// One section per page.
    public let readingOrder: [Section]
    /// The number of pages.
    public var pageCount: Int { poppler.pageCount }

    let poppler: PopplerDocument
    let reflow: PDFReflow
    let href: String
    private let lock = NSLock()
    private let fingerprintMemo: FingerprintMemo
    private let closedFlag = ClosedFlag()
    private var cachedOutline: [PDFOutlineItem]?

    /// The repaired copy poppler reads instead of the file, when the file needed one.
    private let salvage: PDFSalvage?
    /// What the repair says, when there was one.
    private let salvageNote: String?

    init(path: String, poppler: PopplerDocument, capabilities: FormatCapabilities, salvage: PDFSalvage? = nil,
         salvageNote: String? = nil) {
        self.path = path
        self.salvage = salvage
        self.salvageNote = salvageNote
        self.fingerprintMemo = FingerprintMemo(path: path, format: .pdf)
        self.poppler = poppler
        self.capabilities = capabilities
        href = (path as NSString).lastPathComponent
        var metadata = PDFMetadataReader.metadata(info: poppler.info, pageCount: poppler.pageCount)
        metadata.warnings += (salvageNote.map { [$0] } ?? []) + poppler.warnings  // what was repaired while opening
        self.metadata = metadata
        readingOrder = (0..<poppler.pageCount).map {
            Section(index: $0, href: (path as NSString).lastPathComponent, mediaType: FormatDescriptor.pdf.mediaType)
        }
        reflow = PDFReflow(pageCount: poppler.pageCount) { [poppler] (page: Int) throws(ReaderError) -> PDFPageText in
            try poppler.pageTextAndLinks(page)
        }
    }

    /// Reads the following pages' text on other threads, each with a poppler text document of its
    /// own, while the caller reflows and lays out the current one (on a machine of one core,
    /// nothing changes). The pages and Locators are the same either way.
    public func willReadSequentially() {
        guard !closedFlag.isClosed else { return }
        let openTextDocument = poppler.textDocumentOpener()
        let readLinks = poppler.linkReader()
        // Past the first page, which the caller reads while the workers open their documents.
        let workers = min(Self.readAheadWorkers, pageCount - 1)
        reflow.startReadingAhead(workers: workers) { () throws(ReaderError) in
            let another = try openTextDocument()
            return { (page: Int) throws(ReaderError) -> PDFPageText in
                var text = try another.pageText(page)
                if text.mayHaveLinks { text.links = readLinks(page) }
                return text
            }
        }
    }

    /// How many threads read ahead: none on one core; otherwise one more than the cores, up to 3,
    /// so that a page is ready whenever the caller's thread asks (large-500.pdf on 2 cores: 1
    /// thread 0.40 s, 2 threads 0.31 s, 3 threads 0.28 s).
    static var readAheadWorkers: Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return cores > 1 ? min(cores + 1, 3) : 0
    }

    /// Stops the read-ahead threads (waiting until they have closed their poppler documents) and
    /// closes poppler's documents; later reads throw a ``ReaderError``.
    public func close() {
        guard closedFlag.close() else { return }
        reflow.stopReadingAhead()
        poppler.close()
        salvage?.remove()
    }

    deinit {
        // The repaired copy goes with the document, closed or not (an open descriptor still reads
        // an unlinked file until poppler lets it go).
        salvage?.remove()
    }

    /// None: the PDF's facts (pages, version, encryption, producer, creator) are in `metadata.fields`.
    public var details: [(name: String, value: String)] { [] }

    /// What poppler reported about the file so far (code ``DocumentWarning/Code/library``): the
    /// damage it repaired while opening, then while reading pages (the page is not recorded); then
    /// the pages read so far that could not be loaded (``DocumentWarning/Code/damagedContent``).
    public var warnings: [DocumentWarning] {
        (salvageNote.map { [DocumentWarning(.damagedContent, severity: .errorRecovered, message: $0)] } ?? [])
            + poppler.warnings.map { DocumentWarning(.library, message: $0) }
            + reflow.damagedPagesRead.map {
                DocumentWarning(.damagedContent, severity: .errorRecovered,
                                message: "page \($0) cannot be loaded and is shown as a notice", location: .init(page: $0))
            }
            + reflow.unmappedFontsRead.map { font, pages in
                let where_ = pages.count == 1 ? "page \(pages[0])" : "\(pages.count) pages from page \(pages[0])"
                return DocumentWarning(.malformedContent, severity: .warning,
                                       message: "the font \(font) has no ToUnicode map, so the text in it (\(where_)) may be wrong",
                                       location: .init(page: pages[0]))
            }
    }

    /// ``warnings``: pages are not read again to find more (reading every page of a long PDF
    /// costs as much as extracting its text).
    public func allWarnings() throws(ReaderError) -> [DocumentWarning] { warnings }

    /// `pdf:{sha256}:{bytes}`, streamed once and remembered.
    public func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        try fingerprintMemo.value()
    }

    /// One position per page, in both ways, as Readium counts PDF positions.
    public func positionedResources(counting: PositionCounting) -> [PositionedResource] {
        [PositionedResource(href: href, mediaType: FormatDescriptor.pdf.mediaType, title: metadata.title, positionCount: pageCount, isPaged: true)]
    }

    /// The blocks that start on page `index + 1`.
    public func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        try checkSection(index)
        return try located { () throws(ReaderError) in
            SectionContent(blocks: completingPageLinks(try reflow.blocks(ofPage: index + 1)))
        }
    }

    /// The poppler text of page `page` (1-based), as `pdftotext` would give it: reading order,
    /// lines ending in `\n`, nothing removed or joined. Offsets in Locators count in this text.
    public func extractedText(ofPage page: Int) throws(ReaderError) -> String {
        try located { () throws(ReaderError) in try poppler.pageText(page).text }
    }

    /// Page `page`'s own paragraphs as blocks, reflowed (running headers and page numbers out,
    /// cut words mended, lines joined) but cut at the page's edges: a paragraph that began on an
    /// earlier page or goes on to a later one keeps only its part on this page.
    public func blocks(onPage page: Int) throws(ReaderError) -> [Block] {
        try checkSection(page - 1)
        return try located { () throws(ReaderError) in completingPageLinks(try reflow.blocksCutAtEdges(ofPage: page)) }
    }

    /// Renders page `page` (1-based) to a PNG file at `scale` (1 = 72 pixels per inch).
    public func renderPage(_ page: Int, scale: Double, to output: String) throws(ReaderError) {
        try located { () throws(ReaderError) in try poppler.renderPNG(pageNumber: page, scale: scale, to: output) }
    }

    func checkSection(_ index: Int) throws(ReaderError) {
        guard readingOrder.indices.contains(index) else {
            throw ReaderError(.invalidArgument, file: path, format: .pdf,
                              reason: "page \(index + 1) does not exist; the document has \(pageCount) pages")
        }
    }

    /// Runs `body` unless the document is closed, naming this file and format in any error it throws.
    func located<T>(_ body: () throws(ReaderError) -> T) throws(ReaderError) -> T {
        do throws(ReaderError) {
            try closedFlag.check(file: path, format: .pdf)
            return try body()
        } catch {
            throw error.locating(file: path, format: .pdf)
        }
    }

    /// The outline, read once.
    func outline() -> [PDFOutlineItem] {
        lock.lock()
        defer { lock.unlock() }
        if let cachedOutline { return cachedOutline }
        let read = poppler.outline()
        cachedOutline = read
        return read
    }
}

/// A PDF's own pages: reflowed one at a time, and drawn with cairo.
extension PDFDocument: PageRendering {}

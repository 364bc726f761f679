import ReaderCore
import Synchronization

/// An opened MOBI 6, KF8 (AZW3) or combined book.
///
/// The text is decoded and divided into parts at open; each part is anchored, parsed and converted
/// when first needed, and the last few are kept.
final class MOBIDocument: Document, CoverProviding {
    let path: String
    let format: DocumentFormat
    let capabilities: FormatCapabilities
    let metadata: DocumentMetadata
    let readingOrder: [Section]
    let details: [(name: String, value: String)]

    /// The container.
    let pdb: PDBFile
    /// The header of the part being read (the KF8 one in a combined file).
    let header: MOBIHeader
    /// The header of record 0 (the MOBI 6 one in a combined file), which holds the images.
    let firstHeader: MOBIHeader
    /// The parts.
    let source: MOBIMarkupSource
    /// The table of contents index, nested; empty when the book has none.
    let ncx: [NCXNode]
    /// Positions, 1024 bytes of decoded markup each.
    let positions: ResourcePositions
    private let fingerprintMemo: FingerprintMemo
    /// The section of each part href.
    let sectionByHref: [String: Int]
    /// Converted parts: enough for several threads each reading its own part of the book.
    private let converted = SectionCache<ConvertedPart>(capacity: 16)
    let tocCache = Mutex<[TOCEntry]?>(nil)

    init(path: String, format: DocumentFormat, capabilities: FormatCapabilities, pdb: PDBFile,
         book: MOBIBookPart, firstHeader: MOBIHeader, warnings: [String]) {
        self.path = path
        self.fingerprintMemo = FingerprintMemo(path: path, format: format)
        self.format = format
        self.capabilities = capabilities
        self.pdb = pdb
        self.header = book.header
        self.firstHeader = firstHeader
        self.source = book.source
        self.ncx = book.ncx
        self.readingOrder = book.source.sections
        self.sectionByHref = Dictionary(readingOrder.map { ($0.href, $0.index) }, uniquingKeysWith: { first, _ in first })
        self.positions = ResourcePositions(lengths: readingOrder.map(\.byteCount),
                                           fixedLayout: readingOrder.map { _ in false })
        var metadata = MOBIMetadata.make(header: book.header.exth == nil ? firstHeader : book.header, pdbName: pdb.name)
        metadata.warnings += warnings
        self.metadata = metadata
        var details: [(String, String)] = [
            ("text", book.isKF8 ? (book.record0Index > 0 ? "KF8 part of a combined MOBI 6 + KF8 file" : "KF8")
                : "MOBI 6"),
            ("parts", String(book.source.partCount)),
        ]
        if !book.ncx.isEmpty { details.append(("toc source", "ncx index")) }
        self.details = details
    }

    func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        try fingerprintMemo.value()
    }

    /// One count for both ways: Readium defines no MOBI positions, so its way is ours.
    func positionedResources(counting: PositionCounting) -> [PositionedResource] {
        zip(readingOrder, positions.counts).map { section, count in
            PositionedResource(href: section.href, mediaType: section.mediaType, title: section.title, positionCount: count)
        }
    }

    func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        try convertedPart(index).content
    }

    /// A part converted, from the cache or freshly.
    func convertedPart(_ index: Int) throws(ReaderError) -> ConvertedPart {
        guard readingOrder.indices.contains(index) else {
            throw ReaderError(.invalidArgument, file: path, format: format,
                              reason: "section \(index) is outside 0..<\(readingOrder.count)")
        }
        do {
            return try converted.value(for: index) { () throws(ReaderError) in try source.convert(part: index) }
        } catch {
            throw error.locating(file: path, format: format)
        }
    }
}

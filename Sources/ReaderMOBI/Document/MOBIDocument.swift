import ReaderCore
import ReaderHTML
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
    /// The warnings met at opening.
    private let openingWarnings: [DocumentWarning]
    /// The warnings of the parts converted so far.
    private let sectionWarnings: SectionWarnings

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
    /// The parts as an HTML book: converted on demand (16 kept, enough for several threads each
    /// reading its own part), found by href,
    /// positioned (1024 bytes of decoded markup a position) and titled.
    let htmlBook: HTMLBook<ConvertedPart>
    private let fingerprintMemo: FingerprintMemo
    let tocCache = Mutex<[TOCEntry]?>(nil)
    /// The records holding resources, found once (see `resourceRecords`): the outer nil means
    /// not looked for yet.
    let resourceRecordsMemo = Mutex<Range<Int>??>(nil)

    init(path: String, format: DocumentFormat, capabilities: FormatCapabilities, pdb: PDBFile,
         book: MOBIBookPart, firstHeader: MOBIHeader, warnings: [DocumentWarning]) {
        self.path = path
        self.fingerprintMemo = FingerprintMemo(path: path, format: format)
        self.format = format
        self.capabilities = capabilities
        self.pdb = pdb
        self.header = book.header
        self.firstHeader = firstHeader
        self.source = book.source
        self.ncx = book.ncx
        let sectionWarnings = SectionWarnings()
        self.sectionWarnings = sectionWarnings
        let readingOrder = book.source.sections
        self.readingOrder = readingOrder
        let source = book.source
        self.htmlBook = HTMLBook(
            file: path, format: format, sections: readingOrder, lengths: readingOrder.map(\.byteCount),
            fixedLayout: readingOrder.map { _ in false }, cacheCapacity: 16
        ) { [sectionWarnings] index throws(ReaderError) in
            let part = try source.convert(part: index)
            let href = readingOrder[index].href
            sectionWarnings.record(part.warnings.map {
                DocumentWarning(.malformedContent, message: $0, location: .init(section: index, href: href))
            }, section: index)
            return part
        }
        var metadata = MOBIMetadata.make(header: book.header.exth == nil ? firstHeader : book.header, pdbName: pdb.name)
        self.openingWarnings = metadata.warnings.map { DocumentWarning(.malformedMetadata, message: $0) } + warnings
        metadata.warnings += warnings.map(\.message)
        self.metadata = metadata
        var details: [(String, String)] = [
            ("text", book.isKF8 ? (book.record0Index > 0 ? "KF8 part of a combined MOBI 6 + KF8 file" : "KF8")
                : "MOBI 6"),
            ("parts", String(book.source.partCount)),
        ]
        if !book.ncx.isEmpty { details.append(("toc source", "ncx index")) }
        self.details = details
    }

    /// The warnings met at opening, then those of the parts converted so far.
    var warnings: [DocumentWarning] { openingWarnings + sectionWarnings.all }

    /// Converts the parts not converted yet, then gives every warning.
    func allWarnings() throws(ReaderError) -> [DocumentWarning] {
        for index in readingOrder.indices where !sectionWarnings.hasRecorded(section: index) {
            _ = try htmlBook.section(index)
        }
        return warnings
    }

    func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        try fingerprintMemo.value()
    }

    /// One count for both ways: Readium defines no MOBI positions, so its way is ours.
    func positionedResources(counting: PositionCounting) -> [PositionedResource] {
        zip(readingOrder, htmlBook.positions.counts).map { section, count in
            PositionedResource(href: section.href, mediaType: section.mediaType, title: section.title, positionCount: count)
        }
    }

    func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        try htmlBook.section(index).content
    }

    /// Keeps every converted part (see `HTMLBook/keepAllSections()`).
    func willReadRepeatedly() { htmlBook.keepAllSections() }

    /// Drops the converted parts and closes the file; later reads throw.
    func close() {
        htmlBook.close()
        pdb.close()
    }
}

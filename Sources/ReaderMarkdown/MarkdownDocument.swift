import ReaderCore
import Synchronization

/// An opened Markdown file: one section whose blocks map back to UTF-16 offsets in the source.
///
/// The file is read, decoded and parsed when opened (Markdown files are small); only the
/// fingerprint, which reads the file again, is computed on first use and remembered.
public final class MarkdownDocument: Document {
    /// What every Markdown document can do.
    public static let supportedCapabilities: FormatCapabilities = [
        .tableOfContents, .metadata, .search, .reflow, .images, .sourceOffsets,
    ]

    /// The path the document was opened from.
    public let path: String
    /// Always ``DocumentFormat/markdown``.
    public var format: DocumentFormat { .markdown }
    /// See ``supportedCapabilities``.
    public var capabilities: FormatCapabilities { Self.supportedCapabilities }
    /// Front matter metadata, with the title falling back to the first heading, then the file name.
    public let metadata: DocumentMetadata
    /// One section: the whole file.
    public let readingOrder: [Section]
    /// The encoding and whether front matter was found ("yes", "no" or "malformed").
    public let details: [(name: String, value: String)]
    /// Malformed front matter (read as Markdown), then invalid UTF-8 (replaced): all known at opening.
    public let warnings: [DocumentWarning]

    private let content: SectionContent
    private let headings: [HeadingRecord]
    private let outline: [TOCEntry]
    private let sourceLength: Int
    private let fingerprintMemo: FingerprintMemo
    /// Every image link, as written, in document order without repeats (see `resources()`).
    let imageLinks: [String]

    /// Opens the Markdown file at `path`.
    /// - Throws: ``ReaderError`` when the file is missing, unreadable or larger than 64 MiB.
    public convenience init(path: String) throws(ReaderError) {
        self.init(path: path, bytes: try SourceFile.load(path: path))
    }

    /// Builds the document from the file's bytes; whatever the bytes, this succeeds.
    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.fingerprintMemo = FingerprintMemo(path: path, format: .markdown)
        let decoded = SourceText(bytes: bytes)
        let utf8 = Array(decoded.text.utf8)
        let utf16 = decoded.text.utf16Units
        let index = SourceIndex(utf8: utf8)
        let frontMatter = FrontMatter(index: index)

        // cmark sees the front matter as spaces, so lines and byte columns stay those of the file.
        var markdown = utf8
        for position in 0..<frontMatter.bodyStartByte where markdown[position] != 0x0A && markdown[position] != 0x0D {
            markdown[position] = 0x20
        }
        var builder = MarkdownBlockBuilder(source: utf16, index: index)
        let tree = CMarkParser.parse(markdown)
        builder.build(tree)
        imageLinks = MarkdownImageLinks.links(in: tree)

        let fileName = Self.fileName(of: path)
        var metadata = frontMatter.metadata
        if decoded.hadInvalidBytes {
            metadata.warnings.append("the file is not valid UTF-8; invalid bytes were replaced with U+FFFD")
        }
        if metadata.title == nil {
            metadata.title = builder.headings.first?.title ?? Self.stem(of: fileName)
        }
        self.metadata = metadata
        let whole = DocumentWarning.Location(section: 0, href: fileName)
        var warnings = frontMatter.metadata.warnings.map { DocumentWarning(.malformedMetadata, message: $0, location: whole) }
        if decoded.hadInvalidBytes {
            warnings.append(DocumentWarning(.invalidEncoding, message: metadata.warnings.last!, location: whole))
        }
        self.warnings = warnings
        let section = Section(index: 0, href: fileName, mediaType: FormatDescriptor.markdown.mediaType,
                              title: metadata.title)
        readingOrder = [section]
        var details: [(name: String, value: String)] = [("encoding", "UTF-8"),
                                                         ("front matter", frontMatter.status.rawValue)]
        if decoded.hadByteOrderMark { details.append(("byte order mark", "yes")) }
        if decoded.hadInvalidBytes { details.append(("invalid bytes", "replaced with U+FFFD")) }
        self.details = details
        let content = SectionContent(blocks: builder.blocks)
        let headings = builder.headings
        let sourceLength = utf16.count
        self.content = content
        self.headings = headings
        self.sourceLength = sourceLength
        outline = Self.outline(of: headings) { block in
            Self.makeLocator(at: TextPosition(section: 0, block: block, offset: 0), content: content,
                             section: section, headings: headings, sourceLength: sourceLength)
        }
    }

    // MARK: Document

    /// ``warnings``: the one section is read at opening.
    public func allWarnings() throws(ReaderError) -> [DocumentWarning] { warnings }

    /// The file's fingerprint, hashed on first use and remembered.
    public func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        try fingerprintMemo.value()
    }

    /// The headings, nested by level.
    public func tableOfContents() throws(ReaderError) -> [TOCEntry] { outline }

    /// One resource, the file, with a position per 1024 UTF-16 units of source; Readium defines
    /// none for Markdown.
    public func positionedResources(counting: PositionCounting) -> [PositionedResource] {
        [PositionedResource(href: readingOrder[0].href, mediaType: FormatDescriptor.markdown.mediaType, title: metadata.title,
                            positionCount: PositionedResource.count(ofLength: sourceLength), hasUnitOffsets: true)]
    }

    /// The blocks of the only section, index 0.
    public func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        guard index == 0 else {
            throw error(.invalidArgument, "section \(index) does not exist (a Markdown file has section 0 only)")
        }
        return content
    }

    /// The Locator of a position; its offset is the UTF-16 offset in the source, its title the
    /// nearest heading at or before the position.
    public func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        guard position.section == 0 else {
            throw error(.invalidArgument, "position \(position) is outside the document (section 0 only)")
        }
        if content.blocks.isEmpty {
            guard position.block == 0, position.offset == 0 else {
                throw error(.invalidArgument, "position \(position) is outside the document (it has no blocks)")
            }
        } else {
            guard content.blocks.indices.contains(position.block),
                  (0...content.blocks[position.block].text.utf16.count).contains(position.offset) else {
                throw error(.invalidArgument, "position \(position) is outside the document")
            }
        }
        return Self.makeLocator(at: position, content: content, section: readingOrder[0], headings: headings,
                                sourceLength: sourceLength)
    }

    /// The position a Locator points at. Its `href` must be empty, the file name or the path.
    public func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        let href = readingOrder[0].href
        guard locator.href.isEmpty || locator.href == href || locator.href == path
                || locator.href.hasSuffix("/" + href) else {
            throw error(.invalidLocator, "the Locator points into \"\(locator.href)\", not \"\(href)\"")
        }
        do {
            let offset = try SourceOffsetLocating.sourceOffset(of: locator, sourceLength: sourceLength)
            return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: content, section: 0)
        } catch {
            throw error.locating(file: path, format: .markdown)
        }
    }

    // MARK: Helpers

    private func error(_ kind: ReaderError.Kind, _ reason: String) -> ReaderError {
        ReaderError(kind, file: path, format: .markdown, reason: reason)
    }

    private static func makeLocator(at position: TextPosition, content: SectionContent, section: Section,
                                    headings: [HeadingRecord], sourceLength: Int) -> Locator {
        let heading = nearestHeading(atOrBefore: position.block, in: headings)
        return SourceOffsetLocating.locator(at: position, in: content, href: section.href, type: section.mediaType,
                                            title: heading?.title ?? section.title, sourceLength: sourceLength)
    }

    /// The last heading whose block is at or before `block` (headings are in block order).
    private static func nearestHeading(atOrBefore block: Int, in headings: [HeadingRecord]) -> HeadingRecord? {
        var low = 0, high = headings.count
        while low < high {
            let middle = (low + high) / 2
            if headings[middle].block <= block { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? headings[low - 1] : nil
    }

    /// Nests headings by level: each heading holds the following headings of a deeper level.
    private static func outline(of headings: [HeadingRecord], locator: (Int) -> Locator) -> [TOCEntry] {
        var roots: [TOCEntry] = []
        var open: [(level: Int, entry: TOCEntry)] = []
        func closeLast() {
            let closed = open.removeLast().entry
            if open.isEmpty { roots.append(closed) } else { open[open.count - 1].entry.children.append(closed) }
        }
        for heading in headings {
            while let last = open.last, last.level >= heading.level { closeLast() }
            open.append((heading.level, TOCEntry(title: heading.title, locator: locator(heading.block))))
        }
        while !open.isEmpty { closeLast() }
        return roots
    }

    private static func fileName(of path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? path
    }

    private static func stem(of fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fileName }
        return String(fileName[..<dot])
    }
}

import ReaderCore
import ReaderHTML

/// An opened web page: one section, the article (or the whole page), with the Locators every
/// HTML book has (href: the file name; source offsets in the article's text).
final class WebDocument: Document {
    let path: String
    let format: DocumentFormat
    let capabilities: FormatCapabilities
    let metadata: DocumentMetadata
    let readingOrder: [Section]
    let details: [(name: String, value: String)]
    let warnings: [DocumentWarning]
    /// What was read from the page.
    let article: WebArticle
    private let book: HTMLBook<WebSection>
    private let fingerprintMemo: FingerprintMemo

    init(path: String, format: DocumentFormat, capabilities: FormatCapabilities, article: WebArticle) {
        self.path = path
        self.format = format
        self.capabilities = capabilities
        self.article = article
        self.fingerprintMemo = FingerprintMemo(path: path, format: format)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let section = WebSection(article.content)
        let readingOrder = [Section(index: 0, href: name, mediaType: FormatDescriptor.html.mediaType, title: article.metadata.title,
                                    byteCount: section.sourceLength)]
        self.readingOrder = readingOrder
        self.book = HTMLBook(file: path, format: format, sections: readingOrder, lengths: [section.sourceLength],
                             fixedLayout: [false], cacheCapacity: 1) { _ throws(ReaderError) in section }
        self.metadata = DocumentMetadata(webPage: article.metadata, warnings: article.warnings)
        self.warnings = article.warnings.map { DocumentWarning(.malformedContent, message: $0) }
        var details: [(String, String)] = [("encoding", "\(article.encoding.name) (\(article.encoding.method.rawValue))")]
        let kept = article.articleText.count
        details.append(("content", article.isExtracted
            ? "article: \(kept) of the page's \(article.pageTextLength) characters" : "whole page: \(article.pageTextLength) characters"))
        self.details = details
    }

    /// Every warning is known at opening.
    func allWarnings() -> [DocumentWarning] { warnings }

    func fingerprint() throws(ReaderError) -> DocumentFingerprint {
        try fingerprintMemo.value()
    }

    /// The headings of the article, nested by level.
    func tableOfContents() throws(ReaderError) -> [TOCEntry] {
        var builder = TOCBuilder()
        for (index, block) in try content(ofSection: 0).blocks.enumerated() {
            guard case .heading(let level) = block.kind, !block.text.isEmpty else { continue }
            builder.add(title: block.text.collapsingSpaces(), level: level,
                        locator: try locator(at: TextPosition(section: 0, block: index, offset: 0)))
        }
        return builder.entries
    }

    func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        try book.section(index).content
    }

    func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        var (locator, _, _) = try book.locator(at: position)
        locator.title = metadata.title
        return locator
    }

    /// An element id among the fragments first, then the offset, then the progression; the
    /// position or total progression when the href is not this page's.
    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        let href = readingOrder[0].href
        if locator.href.isEmpty || locator.href == href || locator.href == path || locator.href.hasSuffix("/" + href) {
            let ids = locator.locations.offset != nil ? [] : locator.locations.fragments ?? []
            return try book.textPosition(for: locator, inSection: 0, anchorIDs: ids)
        }
        guard let resolved = try book.textPosition(acrossBook: locator.locations) else {
            throw ReaderError(.invalidLocator, file: path, format: format,
                              reason: "the Locator points into \"\(locator.href)\", not \"\(href)\", and has no position or totalProgression")
        }
        return resolved
    }

    func positionedResources(counting: PositionCounting) -> [PositionedResource] {
        [PositionedResource(href: readingOrder[0].href, mediaType: readingOrder[0].mediaType, title: metadata.title,
                            positionCount: book.positions.counts[0], hasUnitOffsets: true)]
    }

    func close() { book.close() }
}

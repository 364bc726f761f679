import Foundation
import ReaderCore
import ReaderHTML
import ReaderXML
import Synchronization

/// An opened feed: the channel's metadata, one section per item (its title as a heading, then its
/// content, else its summary), the items as the table of contents.
///
/// A section's href is the item's id (else its link, else `item-N`, or `item-N-2`… when an item's
/// id took that), never two alike and with any `#` written `%23` (a Locator's JSON would take it for
/// a fragment), so a Locator keeps pointing at its item when the feed gains new items at the top.
/// A feed without items has one section: the channel's title and description.
public final class FeedDocument: Document {
    /// TOC, metadata, search, reflow, images and source offsets.
    public static let supportedCapabilities: FormatCapabilities = [.tableOfContents, .metadata, .search, .reflow, .images, .sourceOffsets]

    /// The file the feed was read from.
    public let path: String
    /// Always ``DocumentFormat/feed``.
    public let format: DocumentFormat = .feed
    /// The ``supportedCapabilities``.
    public let capabilities = FeedDocument.supportedCapabilities
    /// The channel's title, authors, language, description and dates.
    public let metadata: DocumentMetadata
    /// One section per item, in the feed's order.
    public let readingOrder: [Section]
    /// The parsed feed.
    public let feed: Feed
    private let openingWarnings: [DocumentWarning]
    private let sectionWarnings = SectionWarnings()
    let htmlBook: HTMLBook<FeedItemSection>
    private let fingerprintMemo: FingerprintMemo

    /// Wraps a parsed feed read from `path`.
    public init(path: String, feed: Feed) {
        self.path = path
        self.feed = feed
        self.fingerprintMemo = FingerprintMemo(path: path, format: .feed)
        let mediaType = "text/html"
        var sections: [Section] = []
        var used = Set<String>()
        for (index, entry) in feed.entries.enumerated() {
            // A `#` would start a fragment, which a Locator's JSON splits off its href.
            var href = (entry.id ?? entry.link ?? "").replacingOccurrences(of: "#", with: "%23")
            if href.isEmpty || used.contains(href) {
                // `item-N`, unless an item's id took that already.
                href = "item-\(index + 1)"
                var suffix = 1
                while used.contains(href) {
                    suffix += 1
                    href = "item-\(index + 1)-\(suffix)"
                }
            }
            used.insert(href)
            sections.append(Section(index: index, href: href, mediaType: mediaType, title: Self.plainTitle(entry.title),
                                    startsNewPage: true, byteCount: (entry.body?.value.utf8.count ?? 0) + 64))
        }
        if sections.isEmpty {
            sections.append(Section(index: 0, href: "channel", mediaType: mediaType, title: Self.plainTitle(feed.title),
                                    startsNewPage: true, byteCount: (feed.subtitle?.value.utf8.count ?? 0) + 64))
        }
        readingOrder = sections
        metadata = Self.metadata(of: feed)
        var warnings: [DocumentWarning] = []
        if let error = feed.recoveredError {
            warnings.append(DocumentWarning(.malformedContent, severity: .errorRecovered,
                                            message: "the feed is not well-formed XML (\(error)); what could be read was recovered"))
        }
        openingWarnings = warnings
        let entries = feed.entries
        let channel = feed
        let sectionWarnings = self.sectionWarnings
        let hrefs = sections.map(\.href)
        htmlBook = HTMLBook(file: path, format: .feed, sections: sections, lengths: sections.map(\.byteCount),
                            fixedLayout: sections.map { _ in false }, cacheCapacity: 8) { index throws(ReaderError) in
            let converted: FeedItemSection
            if entries.isEmpty {
                converted = FeedItemSection.convert(title: Self.plainTitle(channel.title), byline: nil, body: channel.subtitle,
                                                    name: "\(path) channel")
            } else {
                let entry = entries[index]
                converted = FeedItemSection.convert(title: Self.plainTitle(entry.title), byline: Self.byline(of: entry),
                                                    body: entry.body, name: "\(path) item \(index + 1)")
            }
            sectionWarnings.record(converted.warnings.map {
                DocumentWarning(.malformedContent, message: $0, location: .init(section: index, href: hrefs[index]))
            }, section: index)
            return converted
        }
    }

    /// The feed's kind, encoding, item count, site link and whether it had to be recovered.
    public var details: [(name: String, value: String)] {
        var details: [(String, String)] = [("feed", feed.kind.rawValue), ("encoding", feed.encoding), ("items", String(feed.entries.count))]
        if let link = feed.link { details.append(("site", link)) }
        if feed.recoveredError != nil { details.append(("well-formed", "no (recovered)")) }
        return details
    }

    /// The warnings met at opening, then those of the items converted so far.
    public var warnings: [DocumentWarning] { openingWarnings + sectionWarnings.all }

    /// The feed file's fingerprint, computed once.
    public func fingerprint() throws(ReaderError) -> DocumentFingerprint { try fingerprintMemo.value() }

    /// The blocks of item `index`: its title as a heading, then its content.
    public func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        try htmlBook.section(index).content
    }

    /// One entry per item, titled by the item's title (else its date, else "Item N").
    public func tableOfContents() throws(ReaderError) -> [TOCEntry] {
        readingOrder.map { section in
            let title = section.title ?? "Item \(section.index + 1)"
            return TOCEntry(title: title, locator: Locator(href: section.href, type: section.mediaType, title: title,
                                                           locations: .init(progression: 0, offset: 0)))
        }
    }

    /// The Locator of a position: the item's href, offset and progression in it, Readium
    /// position and total progression, the item's title, text context.
    public func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        var (locator, _, _) = try htmlBook.locator(at: position)
        locator.title = readingOrder[position.section].title
        return locator
    }

    /// Where a Locator points: its item by href (exactly, else without a fragment), then the
    /// offset or progression in it; else the book-wide position or total progression.
    public func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        if let index = htmlBook.sectionIndex(forPath: locator.href) ?? htmlBook.sectionIndex(forHref: locator.href) {
            let ids = locator.locations.offset != nil ? [] : locator.locations.fragments ?? []
            return try htmlBook.textPosition(for: locator, inSection: index, anchorIDs: ids)
        }
        guard let resolved = try htmlBook.textPosition(acrossBook: locator.locations) else {
            throw ReaderError(.invalidLocator, file: path, format: format,
                              reason: "href \(locator.href) is not an item of this feed and the Locator has no position or totalProgression")
        }
        return resolved
    }

    /// One resource per item, with its position count.
    public func positionedResources(counting: PositionCounting) throws(ReaderError) -> [PositionedResource] {
        zip(readingOrder, htmlBook.positions.counts).map { section, count in
            PositionedResource(href: section.href, mediaType: section.mediaType, title: section.title, positionCount: count)
        }
    }

    /// Keeps every converted item (see `HTMLBook/keepAllSections()`).
    public func willReadRepeatedly() { htmlBook.keepAllSections() }

    /// Drops the converted items; later calls throw ``ReaderError`` `closed`.
    public func close() { htmlBook.close() }

    // MARK: Metadata

    static func metadata(of feed: Feed) -> DocumentMetadata {
        var metadata = DocumentMetadata()
        metadata.title = plainTitle(feed.title)
        metadata.authors = feed.authors.compactMap(\.name)
        metadata.language = feed.language
        metadata.identifiers = [feed.id, feed.link].compactMap { $0 }
        metadata.publisher = feed.publisher?.name
        metadata.date = (feed.updated ?? feed.published).map { $0.iso8601 ?? $0.raw }
        metadata.description = feed.subtitle.map(plainText)
        metadata.subjects = feed.categories.map(\.term)
        var fields: [String: String] = ["feed": feed.kind.rawValue]
        if let link = feed.link { fields["url"] = link }
        if let image = feed.image?.url ?? feed.logo { fields["image"] = image }
        if let icon = feed.icon { fields["favicon"] = icon }
        metadata.fields = fields
        if let error = feed.recoveredError { metadata.warnings = ["the feed is not well-formed XML (\(error)); what could be read was recovered"] }
        return metadata
    }

    /// A title as plain text (HTML titles lose their tags), nil when empty.
    static func plainTitle(_ text: FeedText?) -> String? {
        guard let text else { return nil }
        let plain = plainText(text).collapsingWhitespace()
        return plain.isEmpty ? nil : plain
    }

    /// The text of a value, its markup removed.
    static func plainText(_ text: FeedText) -> String {
        guard text.isMarkup, let body = HTMLSanitizer.parseFragment(text.value) else { return text.value }
        return body.text
    }

    /// "Author · date" under an item's title.
    static func byline(of entry: FeedEntry) -> String? {
        let names = entry.authors.compactMap { $0.name ?? $0.email }
        let date = (entry.published ?? entry.updated).map { date in date.date.map { String(FeedDateParser.iso8601(of: $0).prefix(10)) } ?? date.raw }
        let parts = [names.isEmpty ? nil : names.joined(separator: ", "), date].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

import Foundation

/// Writes a feed as an OPDS 2.0 JSON document (`application/opds+json`), and one publication as
/// `application/opds-publication+json`.
struct OPDSJSONWriter {
    let facts: OPDSEntryFacts
    private let addresses = OPDSAddresses.json

    init(facts: OPDSEntryFacts) {
        self.facts = facts
    }

    /// The feed's JSON bytes (sorted keys: the same feed gives the same bytes).
    func write(_ feed: OPDSFeed) -> Data {
        var metadata: [String: Any] = ["title": feed.title, "identifier": feed.id, "modified": OPDSDate.string(feed.updated)]
        var links: [[String: Any]] = [
            link("self", addresses.feed(feed.path, query: feed.query, page: feed.page?.number), OPDSMediaType.opds2),
            link("start", addresses.feed(""), OPDSMediaType.opds2),
            ["rel": "search", "href": addresses.feed("search") + "{?query}", "type": OPDSMediaType.opds2, "templated": true,
             "title": "Search"],
        ]
        if !feed.isRoot { links.append(link("up", addresses.feed(""), OPDSMediaType.opds2)) }
        if let page = feed.page {
            metadata["numberOfItems"] = page.total
            metadata["itemsPerPage"] = page.size
            metadata["currentPage"] = page.number
            links.append(link("first", addresses.feed(feed.path, query: feed.query, page: 1), OPDSMediaType.opds2))
            if page.number > 1 {
                links.append(link("previous", addresses.feed(feed.path, query: feed.query, page: page.number - 1), OPDSMediaType.opds2))
            }
            if page.number < page.count {
                links.append(link("next", addresses.feed(feed.path, query: feed.query, page: page.number + 1), OPDSMediaType.opds2))
            }
            links.append(link("last", addresses.feed(feed.path, query: feed.query, page: page.count), OPDSMediaType.opds2))
        }
        var document: [String: Any] = ["metadata": metadata, "links": links]
        if feed.kind == .navigation {
            document["navigation"] = feed.navigation.map { item -> [String: Any] in
                var entry = link(item.rel, addresses.feed(item.path), OPDSMediaType.opds2)
                entry["title"] = item.title
                if let count = item.count { entry["properties"] = ["numberOfItems": count] }
                return entry
            }
        } else {
            document["publications"] = feed.books.map(publication)
        }
        return Self.serialize(document)
    }

    /// One publication as a document of its own.
    func writePublication(_ book: OPDSBook) -> Data {
        Self.serialize(publication(book))
    }

    /// A book as an OPDS 2 publication: metadata, its self link, acquisitions and images (the
    /// placeholder when it has no cover, or neither cover nor thumbnail is JPEG, PNG or GIF, since
    /// OPDS 2 requires an image in one of those).
    private func publication(_ book: OPDSBook) -> [String: Any] {
        var metadata: [String: Any] = [
            "@type": "http://schema.org/Book", "identifier": book.urn, "title": book.title,
            "modified": OPDSDate.string(book.updated),
        ]
        if !book.authors.isEmpty { metadata["author"] = book.authors }
        if let language = book.language, OPDSLanguage.isTag(language) { metadata["language"] = language }
        if let summary = book.summary { metadata["description"] = summary }
        if !book.tags.isEmpty { metadata["subject"] = book.tags }
        if !book.collections.isEmpty { metadata["belongsTo"] = ["collection": book.collections] }
        let others = book.identifiers.filter { !$0.isEmpty }
        if !others.isEmpty { metadata["altIdentifier"] = others }
        var links: [[String: Any]] = [link("self", OPDSAddresses.publication(book), OPDSMediaType.opds2Publication)]
        var file = link(facts.acquisitionRel, OPDSAddresses.file(book), book.mediaType)
        file["title"] = "Original file"
        links.append(file)
        if !book.isEPUB {
            var epub = link(facts.acquisitionRel, OPDSAddresses.epub(book), OPDSMediaType.epub)
            epub["title"] = "EPUB (converted)"
            links.append(epub)
        }
        let images: [[String: Any]]
        if let coverType = facts.coverTypes[book.id] {
            let thumbnailType = facts.thumbnailTypes[book.id] ?? coverType
            images = [link("cover", OPDSAddresses.cover(book), coverType), link("thumbnail", OPDSAddresses.thumbnail(book), thumbnailType)]
                + ([coverType, thumbnailType].contains { ["image/jpeg", "image/png", "image/gif"].contains($0) }
                    ? [] : [link("cover", OPDSAddresses.placeholderCover, "image/png")])
        } else {
            images = [link("cover", OPDSAddresses.placeholderCover, "image/png")]
        }
        return ["metadata": metadata, "links": links, "images": images]
    }

    private func link(_ rel: String, _ href: String, _ type: String) -> [String: Any] {
        ["rel": rel, "href": href, "type": type]
    }

    private static func serialize(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}

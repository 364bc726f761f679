import Foundation

/// Writes a feed as an OPDS 1.2 Atom document, and the OpenSearch description of the search.
struct OPDSAtomWriter {
    let facts: OPDSEntryFacts
    private let addresses = OPDSAddresses.atom

    init(facts: OPDSEntryFacts) {
        self.facts = facts
    }

    /// The feed as Atom XML.
    func write(_ feed: OPDSFeed) -> String {
        var xml = XMLText()
        xml.raw(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n")
        xml.raw(#"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/terms/" "#
            + #"xmlns:opds="http://opds-spec.org/2010/catalog" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" "#
            + #"xmlns:thr="http://purl.org/syndication/thread/1.0">"# + "\n")
        xml.element("id", feed.id)
        xml.element("title", feed.title)
        xml.element("updated", OPDSDate.string(feed.updated))
        xml.raw("<author><name>reader</name></author>\n")
        let type = OPDSMediaType.atom(feed.kind)
        let page = feed.page
        xml.link(rel: "self", href: addresses.feed(feed.path, query: feed.query, page: page?.number), type: type)
        xml.link(rel: "start", href: addresses.feed(""), type: OPDSMediaType.navigation)
        if !feed.isRoot { xml.link(rel: "up", href: addresses.feed(""), type: OPDSMediaType.navigation) }
        xml.link(rel: "search", href: OPDSAddresses.openSearchDescription, type: OPDSMediaType.openSearch, title: "Search")
        if let page {
            xml.link(rel: "first", href: addresses.feed(feed.path, query: feed.query, page: 1), type: type)
            if page.number > 1 { xml.link(rel: "previous", href: addresses.feed(feed.path, query: feed.query, page: page.number - 1), type: type) }
            if page.number < page.count { xml.link(rel: "next", href: addresses.feed(feed.path, query: feed.query, page: page.number + 1), type: type) }
            xml.link(rel: "last", href: addresses.feed(feed.path, query: feed.query, page: page.count), type: type)
            xml.element("opensearch:totalResults", String(page.total))
            xml.element("opensearch:itemsPerPage", String(page.size))
            xml.element("opensearch:startIndex", String(page.firstIndex + 1))
        }
        for item in feed.navigation { navigationEntry(item, updated: feed.updated, into: &xml) }
        for book in feed.books { bookEntry(book, into: &xml) }
        xml.raw("</feed>\n")
        return xml.text
    }

    private func navigationEntry(_ item: OPDSNavigationItem, updated: Date, into xml: inout XMLText) {
        xml.raw("<entry>\n")
        xml.element("title", item.title)
        xml.element("id", item.id)
        xml.element("updated", OPDSDate.string(updated))
        var extra: [(String, String)] = []
        if let count = item.count { extra.append(("thr:count", String(count))) }
        xml.link(rel: item.rel, href: addresses.feed(item.path), type: OPDSMediaType.atom(item.kind), extra: extra)
        if let summary = item.summary { xml.element("content", summary, attributes: [("type", "text")]) }
        xml.raw("</entry>\n")
    }

    private func bookEntry(_ book: OPDSBook, into xml: inout XMLText) {
        xml.raw("<entry>\n")
        xml.element("title", book.title)
        xml.element("id", book.urn)
        xml.element("updated", OPDSDate.string(book.updated))
        for author in book.authors { xml.raw("<author>"); xml.element("name", author, newline: false); xml.raw("</author>\n") }
        if let language = book.language, OPDSLanguage.isTag(language) { xml.element("dc:language", language) }
        for identifier in book.identifiers where !identifier.isEmpty { xml.element("dc:identifier", identifier) }
        for tag in book.tags { xml.empty("category", attributes: [("term", tag), ("label", tag)]) }
        if let summary = book.summary { xml.element("summary", summary, attributes: [("type", "text")]) }
        if let coverType = facts.coverTypes[book.id] {
            xml.link(rel: OPDSMediaType.imageRel, href: OPDSAddresses.cover(book), type: coverType)
            xml.link(rel: OPDSMediaType.thumbnailRel, href: OPDSAddresses.thumbnail(book), type: facts.thumbnailTypes[book.id] ?? coverType)
        }
        // Atom wants an alternate link or a content in every entry: the OPDS 2 publication is one.
        xml.link(rel: "alternate", href: OPDSAddresses.publication(book), type: OPDSMediaType.opds2Publication)
        xml.link(rel: facts.acquisitionRel, href: OPDSAddresses.file(book), type: book.mediaType,
                 title: "Original file", extra: [("length", String(book.byteCount))])
        if !book.isEPUB {
            xml.link(rel: facts.acquisitionRel, href: OPDSAddresses.epub(book), type: OPDSMediaType.epub, title: "EPUB (converted)")
        }
        xml.raw("</entry>\n")
    }

    /// The OpenSearch 1.1 description: one Atom URL template for the search feed.
    static func openSearchDescription() -> String {
        var xml = XMLText()
        xml.raw(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n")
        xml.raw(#"<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">"# + "\n")
        xml.element("ShortName", "reader")
        xml.element("Description", "Search the books by title, author, tag or collection")
        xml.element("InputEncoding", "UTF-8")
        xml.element("OutputEncoding", "UTF-8")
        xml.empty("Url", attributes: [("type", OPDSMediaType.acquisition), ("template", "/opds/search?q={searchTerms}")])
        xml.raw("</OpenSearchDescription>\n")
        return xml.text
    }
}

/// XML text built element by element, escaping every value and dropping characters XML 1.0 forbids.
struct XMLText {
    private(set) var text = ""

    mutating func raw(_ markup: String) { text += markup }

    mutating func element(_ name: String, _ value: String, attributes: [(String, String)] = [], newline: Bool = true) {
        text += "<\(name)\(Self.attributes(attributes))>\(Self.escape(value))</\(name)>" + (newline ? "\n" : "")
    }

    mutating func empty(_ name: String, attributes: [(String, String)]) {
        text += "<\(name)\(Self.attributes(attributes))/>\n"
    }

    mutating func link(rel: String, href: String, type: String, title: String? = nil, extra: [(String, String)] = []) {
        var attributes = [("rel", rel), ("href", href), ("type", type)]
        if let title { attributes.append(("title", title)) }
        empty("link", attributes: attributes + extra)
    }

    private static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }

    /// Escapes markup characters and removes characters not allowed in XML 1.0.
    static func escape(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF || (0x7F...0x9F).contains(v) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// Dates as Atom and OPDS 2 write them: RFC 3339 in UTC, to the second.
enum OPDSDate {
    static func string(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// Language tags as Atom's schema and BCP 47 accept them.
enum OPDSLanguage {
    /// Whether `text` looks like a language tag (`en`, `zh-Hant-TW`): letter subtags of 1–8, then
    /// alphanumeric ones; anything else (a language name, `English`, passes too, but `en_US` does not).
    static func isTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

import Foundation
import ReaderXML

extension XMLFeedReader {
    /// A text construct: Atom's `type` (`text`, `html`, `xhtml` or a media type) and 0.3's
    /// `mode` (`escaped`, `base64`, `xml`), else `fallback`; child elements written inline (markup
    /// not escaped) read as HTML; HTML and XHTML sanitized with URLs resolved against the scope.
    func text(_ element: MarkupElement, scope: FeedScope, fallback: FeedText.Kind) -> FeedText {
        var kind = fallback
        let writtenType = element.attribute("type")
        let declaredType = writtenType?.lowercased().trimmingASCIIWhitespace()
        if let type = declaredType {
            switch type {
            case "text", "text/plain", "plain": kind = .text
            case "html", "text/html", "escaped-html": kind = .html
            case "xhtml", "application/xhtml+xml": kind = .xhtml
            default: kind = type.hasSuffix("xml") ? .xhtml : (type.hasPrefix("text/") ? .text : fallback)
            }
        }
        let mode = element.attribute("mode")?.lowercased()
        // Atom 1.0: content of a media type that is neither text nor XML is base64.
        let isBinary = kind == .text && declaredType.map { $0.contains("/") && !$0.hasPrefix("text/") && !$0.hasSuffix("xml") } ?? false
        var value: String
        if mode == "base64" || isBinary {
            let encoded = element.text.filter { !$0.isWhitespace }
            value = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters).map { String(decoding: $0, as: UTF8.self) } ?? ""
        } else if case let childElements = element.elements, kind == .xhtml || (mode == "xml") || childElements.isEmpty == false {
            if let div = childElements.first, childElements.count == 1, div.name.lowercased() == "div",
               div.namespace == MarkupNamespace.xhtml, declaredType == "xhtml",
               element.children.allSatisfy({ if case .text(let t) = $0 { return t.allSatisfy(\.isWhitespace) }; return true }) {
                value = MarkupSerializer.innerMarkup(of: div)
            } else {
                value = MarkupSerializer.innerMarkup(of: element)
            }
            if kind == .text { kind = .html }
        } else {
            value = element.text
        }
        value = value.trimmingASCIIWhitespace()
        if isBinary, looksLikeHTML(value) { kind = .html }
        if kind == .text, fallback != .text || writtenType == nil, looksLikeHTML(value) { kind = .html }
        if kind != .text { value = HTMLSanitizer.sanitize(value, base: scope.base, styles: styles) }
        return FeedText(value: value, kind: kind, language: scope.language, base: scope.base)
    }

    /// Whether plain text is really HTML: an element's tag, or a character reference.
    func looksLikeHTML(_ value: String) -> Bool {
        guard value.utf8.contains(UInt8(ascii: "<")) || value.utf8.contains(UInt8(ascii: "&")) else { return false }
        var scanner = value.unicodeScalars.makeIterator()
        var previous: Unicode.Scalar = " "
        while let scalar = scanner.next() {
            if previous == "<", scalar.properties.isAlphabetic || scalar == "/" { return true }
            previous = scalar
        }
        return value.utf8.contains(UInt8(ascii: "<")) && Self.containsCharacterReference(value)
    }

    /// Whether the text holds `&`, an optional `#`, ASCII letters or digits, and `;` (the pattern
    /// `&#?[A-Za-z0-9]+;`), scanned as bytes.
    static func containsCharacterReference(_ value: String) -> Bool {
        let bytes = value.utf8
        var index = bytes.startIndex
        while let ampersand = bytes[index...].firstIndex(of: UInt8(ascii: "&")) {
            var cursor = bytes.index(after: ampersand)
            if cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: "#") { cursor = bytes.index(after: cursor) }
            let nameStart = cursor
            while cursor < bytes.endIndex, Self.isASCIILetterOrDigit(bytes[cursor]) { cursor = bytes.index(after: cursor) }
            if cursor > nameStart, cursor < bytes.endIndex, bytes[cursor] == UInt8(ascii: ";") { return true }
            index = bytes.index(after: ampersand)
        }
        return false
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z"))
    }

    /// An RSS `link` (its text) or an Atom one (attributes); nil when it names nothing.
    func link(_ element: MarkupElement, scope: FeedScope) -> FeedLink? {
        if let href = element.attribute("href") ?? element.attribute("url") {
            let rel = element.attribute("rel")?.trimmingASCIIWhitespace() ?? "alternate"
            var type = element.attribute("type")
            if type == nil, rel == "self" { type = "application/atom+xml" }
            if type == nil, rel == "alternate", kind.isAtom == false { type = "text/html" }
            return FeedLink(href: scope.resolve(href), rel: rel.isEmpty ? "alternate" : rel, type: type,
                            title: element.attribute("title"), length: element.attribute("length"),
                            hreflang: element.attribute("hreflang"))
        }
        let text = element.text.trimmingASCIIWhitespace()
        if text.isEmpty, let resource = element.attribute("resource", namespace: FeedNamespaces.rdf) {
            return FeedLink(href: scope.resolve(resource), type: "text/html")
        }
        guard !text.isEmpty else { return nil }
        return FeedLink(href: scope.resolve(text), type: "text/html")
    }

    /// A person: an Atom construct (`name`, `email`, `uri`/`url`) or a string in any of RSS's forms.
    func person(_ element: MarkupElement, scope: FeedScope) -> FeedPerson {
        let children = element.elements
        guard !children.isEmpty else { return PersonText.parse(element.text) }
        var person = FeedPerson()
        for child in children {
            let value = child.text.trimmingASCIIWhitespace()
            switch keys.key(of: child) {
            case "name", "itunes:name": person.name = value
            case "email", "itunes:email": person.email = value
            case "uri", "url", "homepage": person.uri = scope.entering(child).resolve(value)
            default: break
            }
        }
        return person
    }

    /// Categories from an element: RSS (`domain`), Atom (`term`, `scheme`, `label`), Dublin Core
    /// subjects, iTunes categories (nested) and keywords (comma-separated), Media RSS.
    func categories(_ key: String, _ element: MarkupElement) -> [FeedCategory] {
        let text = element.text.trimmingASCIIWhitespace()
        switch key {
        case "itunes:keywords", "media:keywords":
            let scheme = key == "itunes:keywords" ? "http://www.itunes.com/" : nil
            return text.split(separator: ",").map { $0.trimmingASCIIWhitespace() }.filter { !$0.isEmpty }
                .map { FeedCategory(term: $0, scheme: scheme) }
        case "itunes:category":
            var result: [FeedCategory] = []
            if let term = element.attribute("text"), !term.isEmpty {
                result.append(FeedCategory(term: term, scheme: "http://www.itunes.com/"))
            }
            for child in element.elements where keys.key(of: child) == "itunes:category" {
                result += categories(key, child)
            }
            return result
        case "media:category":
            guard !text.isEmpty else { return [] }
            return [FeedCategory(term: text, scheme: element.attribute("scheme") ?? "http://search.yahoo.com/mrss/category_schema",
                                 label: element.attribute("label"))]
        case "category" where element.attribute("term") != nil:
            return [FeedCategory(term: element.attribute("term")!, scheme: element.attribute("scheme"), label: element.attribute("label"))]
        default:
            guard !text.isEmpty else { return [] }
            return [FeedCategory(term: text, scheme: element.attribute("domain") ?? element.attribute("scheme"))]
        }
    }

    /// iTunes and Google Play facts.
    func readPodcast(_ key: String, _ element: MarkupElement, into podcast: inout PodcastInfo) {
        let value = element.text.trimmingASCIIWhitespace()
        let name = key.split(separator: ":").last.map(String.init) ?? key
        switch name {
        case "author": podcast.author = value
        case "subtitle": podcast.subtitle = value
        case "summary", "description": podcast.summary = value
        case "explicit":
            switch value.lowercased() {
            case "yes", "true", "explicit": podcast.isExplicit = true
            case "no", "false", "clean": podcast.isExplicit = false
            default: podcast.isExplicit = nil
            }
        case "block": podcast.isBlocked = value.lowercased() == "yes" || value.lowercased() == "true"
        case "image":
            if let href = element.attribute("href") ?? element.attribute("url") ?? (value.isEmpty ? nil : value) {
                podcast.image = rootScope.entering(element).resolve(href)
            }
        case "owner":
            var owner = FeedPerson()
            for child in element.elements {
                let text = child.text.trimmingASCIIWhitespace()
                if child.name.lowercased() == "name" { owner.name = text }
                if child.name.lowercased() == "email" { owner.email = text }
            }
            podcast.owner = owner
        case "duration": podcast.duration = value
        case "episode": podcast.episode = value
        case "season": podcast.season = value
        case "episodetype", "type": podcast.type = value
        case "new-feed-url": podcast.newFeedURL = value
        default: break
        }
    }
}

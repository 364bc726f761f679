import Foundation
import ReaderCore

/// Reads JSON Feed 1.0 and 1.1 (jsonfeed.org): the feed's fields, items with HTML or text
/// content, authors (1.1's `authors` and 1.0's `author`), tags and attachments.
enum JSONFeedReader {
    static func parse(_ bytes: [UInt8], name: String, origin: FeedOrigin) throws(ReaderError) -> Feed {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        } catch {
            throw ReaderError(.malformed, file: name, format: .feed, reason: "not valid JSON: \(error.localizedDescription)")
        }
        guard let json = object as? [String: Any] else {
            throw ReaderError(.malformed, file: name, format: .feed, reason: "a JSON Feed is an object, not \(type(of: object))")
        }
        let version = json["version"] as? String ?? ""
        guard version.contains("jsonfeed.org/version/") else {
            throw ReaderError(.unsupportedFormat, file: name, format: .feed, reason: "JSON without a jsonfeed.org version is not a feed")
        }
        var feed = Feed(kind: version.hasSuffix("/1") ? .json10 : .json11, encoding: "utf-8")
        let base = (json["feed_url"] as? String) ?? origin.base
        let scope = FeedScope(base: base, language: json["language"] as? String ?? origin.contentLanguage)
        feed.base = base
        feed.language = scope.language
        if let title = json["title"] as? String { feed.title = FeedText(value: title, language: scope.language, base: base) }
        if let description = json["description"] as? String {
            feed.subtitle = FeedText(value: description, language: scope.language, base: base)
        }
        if let home = json["home_page_url"] as? String {
            feed.link = scope.resolve(home)
            feed.links.append(FeedLink(href: feed.link!, type: "text/html"))
        }
        if let self_ = json["feed_url"] as? String {
            feed.links.append(FeedLink(href: self_, rel: "self", type: "application/feed+json"))
        }
        if let next = json["next_url"] as? String { feed.links.append(FeedLink(href: scope.resolve(next), rel: "next")) }
        if let icon = json["icon"] as? String { feed.logo = scope.resolve(icon) }
        if let favicon = json["favicon"] as? String { feed.icon = scope.resolve(favicon) }
        feed.authors = authors(json, scope: scope)
        for case let item as [String: Any] in json["items"] as? [Any] ?? [] {
            feed.entries.append(entry(item, scope: scope))
        }
        return feed
    }

    private static func authors(_ json: [String: Any], scope: FeedScope) -> [FeedPerson] {
        var list = json["authors"] as? [Any] ?? []
        if list.isEmpty, let single = json["author"] { list = [single] }
        return list.compactMap { value in
            guard let author = value as? [String: Any] else { return nil }
            return FeedPerson(name: author["name"] as? String, uri: (author["url"] as? String).map(scope.resolve),
                              avatar: (author["avatar"] as? String).map(scope.resolve))
        }
    }

    private static func entry(_ item: [String: Any], scope outer: FeedScope) -> FeedEntry {
        var scope = outer
        if let language = item["language"] as? String { scope.language = language }
        var entry = FeedEntry()
        entry.language = scope.language
        entry.id = stringValue(item["id"])
        if let url = item["url"] as? String {
            entry.link = scope.resolve(url)
            entry.links.append(FeedLink(href: entry.link!, type: "text/html"))
        }
        if let external = item["external_url"] as? String {
            entry.links.append(FeedLink(href: scope.resolve(external), rel: "related"))
        }
        if let title = item["title"] as? String { entry.title = FeedText(value: title, language: scope.language, base: scope.base) }
        if let html = item["content_html"] as? String {
            entry.content.append(FeedText(value: HTMLSanitizer.sanitize(html, base: scope.base), kind: .html,
                                          language: scope.language, base: scope.base))
        }
        if let text = item["content_text"] as? String {
            entry.content.append(FeedText(value: text, language: scope.language, base: scope.base))
        }
        if let summary = item["summary"] as? String {
            entry.summary = FeedText(value: summary, language: scope.language, base: scope.base)
        }
        entry.image = (item["image"] as? String).map(scope.resolve) ?? (item["banner_image"] as? String).map(scope.resolve)
        if let published = item["date_published"] as? String { entry.published = FeedDate(raw: published) }
        if let modified = item["date_modified"] as? String { entry.updated = FeedDate(raw: modified) }
        entry.authors = authors(item, scope: scope)
        entry.categories = (item["tags"] as? [Any] ?? []).compactMap { ($0 as? String).map { FeedCategory(term: $0) } }
        for case let attachment as [String: Any] in item["attachments"] as? [Any] ?? [] {
            guard let url = attachment["url"] as? String else { continue }
            let length = stringValue(attachment["size_in_bytes"])
            let enclosure = FeedEnclosure(url: scope.resolve(url), type: attachment["mime_type"] as? String, length: length,
                                          durationSeconds: (attachment["duration_in_seconds"] as? NSNumber)?.doubleValue)
            entry.enclosures.append(enclosure)
            entry.links.append(FeedLink(href: enclosure.url, rel: "enclosure", type: enclosure.type,
                                        title: attachment["title"] as? String, length: length))
        }
        return entry
    }

    /// A string, or a number written as one (JSON Feed ids and sizes come both ways).
    private static func stringValue(_ value: Any?) -> String? {
        if let string = value as? String { return string }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }
}

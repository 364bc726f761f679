import ReaderXML

/// Reads ``PageMetadata`` from a parsed page. Each fact is taken from the first source that has
/// it, in this order of trust (the order Readability uses where it reads the fact):
/// - title: JSON-LD `headline`/`name`, `dc:title`, `dcterm:title`, `og:title`, `weibo:*:title`,
///   `<meta name="title">`, `twitter:title`, `parsely-title`, then the document `<title>`
///   without its site part (``TitleCleaner``), then microdata `headline`; a title ending in a
///   separator and the site's name loses that suffix;
/// - byline: JSON-LD `author`, `dc:creator`, `dcterm:creator`, `<meta name="author">`,
///   `parsely-author`, `article:author` (when not a URL), microdata `author`, then the byline
///   found in the page by extraction;
/// - excerpt: JSON-LD `description`, `dc:description`, `dcterm:description`, `og:description`,
///   `weibo:*:description`, `<meta name="description">`, `twitter:description`, then the
///   article's first paragraph;
/// - site name: JSON-LD `publisher.name`, `og:site_name`;
/// - published: JSON-LD `datePublished`, `article:published_time`, `parsely-pub-date`,
///   `dc:date`, microdata `datePublished`, `<time pubdate>`; modified: JSON-LD `dateModified`,
///   `article:modified_time`, `og:updated_time`, microdata `dateModified`;
/// - language: `<html lang>` (or `xml:lang`), `content-language`, JSON-LD `inLanguage`,
///   `og:locale`; direction: `dir` of `<html>`, else of `<body>`;
/// - lead image: `og:image`, `twitter:image`, JSON-LD `image`, `<link rel="image_src">`;
/// - canonical URL: `<link rel="canonical">`, `og:url`, JSON-LD `url`;
/// - favicon: `<link rel="icon">` (or `shortcut icon`, `apple-touch-icon`);
/// - categories: JSON-LD `keywords`, `article:section` and `article:tag`, `keywords`.
/// Values are trimmed, white space collapsed and a second round of escaping undone.
enum PageMetadataReader {
    static func read(root: MarkupElement) -> PageMetadata {
        let meta = MetaTags(root: root)
        let linked = LinkedData(root: root)
        let microdata = Microdata(root: root)
        let links = LinkTags(root: root)
        let documentTitle = root.firstElement("head")?.firstElement("title")?.normalizedText
            ?? root.descendants("title").first?.normalizedText
        var page = PageMetadata()

        let siteName = linked?.siteName ?? meta.first("og:site_name")
        page.title = linkedTitle(linked, documentTitle: documentTitle, siteName: siteName)
            ?? meta.first("dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title", "title",
                          "twitter:title", "parsely-title")
        if page.title == nil, let documentTitle, !documentTitle.isEmpty {
            let headings = root.descendants("h1") + root.descendants("h2")
            page.title = TitleCleaner.clean(documentTitle, headings: headings.map(\.normalizedText),
                                            h1s: root.descendants("h1").map(\.normalizedText))
        }
        if page.title == nil { page.title = microdata.headline }
        if let title = page.title, let siteName { page.title = TitleCleaner.removingSiteName(siteName, from: title) }
        let articleAuthor = meta["article:author"].flatMap { $0.hasPrefix("http") ? nil : $0 }
        page.byline = linked?.byline ?? meta.first("dc:creator", "dcterm:creator", "author", "parsely-author")
            ?? articleAuthor ?? microdata.author
        page.excerpt = linked?.description
            ?? meta.first("dc:description", "dcterm:description", "og:description", "weibo:article:description",
                          "weibo:webpage:description", "description", "twitter:description")
        page.siteName = siteName
        page.published = linked?.published ?? meta.first("article:published_time", "parsely-pub-date", "dc:date", "dcterm:date", "date")
            ?? microdata.published
        page.modified = linked?.modified ?? meta.first("article:modified_time", "og:updated_time", "dcterm:modified") ?? microdata.modified
        page.language = (root.attribute("lang") ?? root.attribute("lang", namespace: MarkupNamespace.xml))?.collapsingSpaces()
            ?? meta.first("content-language") ?? linked?.language ?? meta["og:locale"]
        if page.language?.isEmpty == true { page.language = nil }
        page.direction = (root.attribute("dir") ?? root.firstElement("body")?.attribute("dir"))?.lowercased()
        page.image = meta.first("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src")
            ?? linked?.image ?? links.first("image_src")
        page.canonicalURL = links.first("canonical") ?? meta["og:url"] ?? linked?.url
        page.favicon = links.first("icon", "shortcut icon", "apple-touch-icon")
        var categories = linked?.keywords ?? []
        for tag in meta.tags where !categories.contains(tag) { categories.append(tag) }
        page.categories = categories

        for key in [\PageMetadata.title, \.byline, \.excerpt, \.siteName] {
            page[keyPath: key] = page[keyPath: key].map { EntityUnescaping.unescape($0) }
        }
        // No control character (an escape sequence in a title) reaches a terminal or a file.
        for key in [\PageMetadata.title, \.byline, \.excerpt, \.siteName, \.published, \.modified, \.language, \.direction,
                    \.image, \.canonicalURL, \.favicon] {
            page[keyPath: key] = page[keyPath: key].map { String(String.UnicodeScalarView($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
                .collapsingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
        }
        return page
    }

    /// JSON-LD's `headline` or `name`; when both differ, the one nearer the document title. A
    /// `name` that is the site's name (a common mistake) is no title.
    private static func linkedTitle(_ linked: LinkedData?, documentTitle: String?, siteName: String?) -> String? {
        guard let linked else { return nil }
        let name = linked.name == siteName ? nil : linked.name
        switch (linked.headline, name) {
        case (let headline?, let name?) where headline != name:
            guard let documentTitle else { return headline }
            let nameMatches = TextSimilarity.similarity(name, documentTitle) > 0.75
            let headlineMatches = TextSimilarity.similarity(headline, documentTitle) > 0.75
            return headlineMatches && !nameMatches ? headline : name
        case (let headline?, _): return headline
        case (nil, let name): return name
        }
    }
}

/// `<link rel>` targets by relation, the first of each.
struct LinkTags {
    private var targets: [String: String] = [:]

    init(root: MarkupElement) {
        guard let head = root.firstElement("head") else { return }
        for link in head.descendants("link") {
            guard let rel = link.attribute("rel")?.lowercased().collapsingSpaces(), let href = link.attribute("href")?.collapsingSpaces(),
                  !href.isEmpty else { continue }
            if targets[rel] == nil { targets[rel] = href }
        }
    }

    func first(_ relations: String...) -> String? {
        relations.lazy.compactMap { targets[$0] }.first
    }
}

/// The schema.org microdata properties of an article marked up in the page itself.
struct Microdata {
    var headline: String?
    var author: String?
    var published: String?
    var modified: String?

    init(root: MarkupElement) {
        // The root, then its descendants in document order: 20,000 elements at most.
        read(root)
        var visited = 1
        root.forEachDescendant { element in
            guard visited < 20_000 else { return false }
            visited += 1
            read(element)
            return true
        }
    }

    private mutating func read(_ element: MarkupElement) {
        // Few elements have `itemprop`: asked first, it spares making the others' names.
        guard let property = element.attribute("itemprop"), element.name != "meta" else { return }
        for name in property.split(separator: " ") {
            switch name {
            case "headline" where headline == nil: headline = Self.value(of: element)
            case "author" where author == nil:
                author = element.descendants("span").first { $0.attribute("itemprop") == "name" }.map(\.normalizedText)
                    ?? Self.value(of: element)
            case "datePublished" where published == nil: published = Self.value(of: element)
            case "dateModified" where modified == nil: modified = Self.value(of: element)
            default: break
            }
        }
    }

    private static func value(of element: MarkupElement) -> String? {
        let value = element.attribute("content") ?? element.attribute("datetime") ?? element.normalizedText
        return value.isEmpty || value.count > 200 ? nil : value
    }
}

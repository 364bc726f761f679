import ReaderXML

/// Element keys the way feed readers see them: a conventional prefix for each known namespace
/// (whatever prefix the feed chose), no prefix for the core RSS and Atom namespaces, and the
/// local name in lower case (`dc:creator`, `itunes:author`, `content:encoded`, `link`).
enum FeedNamespaces {
    static let atom10 = "http://www.w3.org/2005/Atom"
    static let atom03 = "http://purl.org/atom/ns#"
    static let rss10 = "http://purl.org/rss/1.0/"
    static let rss090 = "http://my.netscape.com/rdf/simple/0.9/"
    static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

    /// Known namespaces, lower case, to their conventional prefix ("" for the core ones).
    static let prefixes: [String: String] = [
        "http://www.w3.org/2005/atom": "", "http://purl.org/atom/ns#": "", "http://purl.org/rss/1.0/": "",
        "http://my.netscape.com/rdf/simple/0.9/": "", "http://backend.userland.com/rss": "",
        "http://backend.userland.com/rss2": "", "http://blogs.law.harvard.edu/tech/rss": "",
        "http://purl.org/rss/1.0/modules/rss091#": "", "http://purl.org/echo/": "", "http://purl.org/pie/": "",
        "http://purl.org/rss/1.0/modules/content/": "content", "http://purl.org/dc/elements/1.1/": "dc",
        "http://purl.org/dc/terms/": "dcterms", "http://www.itunes.com/dtds/podcast-1.0.dtd": "itunes",
        "http://example.com/dtds/podcast-1.0.dtd": "itunes", "http://search.yahoo.com/mrss/": "media",
        "http://search.yahoo.com/mrss": "media", "http://wellformedweb.org/commentapi/": "wfw",
        "http://purl.org/rss/1.0/modules/slash/": "slash", "http://www.w3.org/1999/xhtml": "xhtml",
        "http://www.w3.org/1999/02/22-rdf-syntax-ns#": "rdf", "http://rssnamespace.org/feedburner/ext/1.0": "feedburner",
        "http://purl.org/syndication/thread/1.0": "thr", "https://podcastindex.org/namespace/1.0": "podcast",
        "http://www.google.com/schemas/play-podcasts/1.0": "googleplay",
        "http://backend.userland.com/creativecommonsrssmodule": "cc", "http://web.resource.org/cc/": "cc",
        "http://purl.org/rss/1.0/modules/syndication/": "sy", "http://opds-spec.org/2010/catalog": "opds",
        "http://a9.com/-/spec/opensearch/1.1/": "opensearch", "http://purl.org/rss/1.0/modules/admin/": "admin",
    ]

    /// The key of an element.
    static func key(of element: MarkupElement) -> String {
        let local = element.name.lowercased()
        guard let namespace = element.namespace else {
            // An undeclared prefix (`dc:creator` without xmlns:dc) stays part of the name.
            if let colon = local.firstIndex(of: ":") {
                let prefix = String(local[..<colon])
                return (prefixAliases[prefix] ?? prefix) + local[colon...]
            }
            return local
        }
        // Namespaces are nearly always written in lower case already: look that up before lower-casing.
        let prefix = prefixes[namespace] ?? prefixes[namespace.lowercased()] ?? element.prefix?.lowercased() ?? ""
        return prefix.isEmpty ? local : prefix + ":" + local
    }

    private static let prefixAliases: [String: String] = ["atom": ""]
}

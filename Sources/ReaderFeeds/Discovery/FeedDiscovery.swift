import ReaderXML

/// Finds the feeds an HTML page offers: its `<link rel="alternate">` elements of the feed types
/// (RSS, Atom, RDF, JSON Feed) first, in page order, then the usual paths of feed software, to try
/// in order when the page names none.
public enum FeedDiscovery {
    /// A feed a page points at.
    public struct Candidate: Hashable, Sendable {
        /// Where the feed is (absolute when the page's address is known).
        public var url: String
        /// The media type the page gave, when it gave one.
        public var type: String?
        /// The link's title, when it has one.
        public var title: String?
        /// True for a link the page declares; false for a conventional path to probe.
        public var isDeclared: Bool
    }

    /// The media types of feeds.
    public static let feedTypes: Set<String> = [
        "application/rss+xml", "application/atom+xml", "application/rdf+xml", "application/feed+json",
        "application/json", "text/xml", "application/xml", "application/x.atom+xml", "application/x-atom+xml",
    ]

    /// Paths feed software conventionally serves its feed at, tried after declared links.
    public static let conventionalPaths = ["/feed", "/rss", "/feed.xml", "/rss.xml", "/atom.xml", "/index.xml",
                                           "/feed/", "/rss/", "/feeds/posts/default", "/?feed=rss2", "/feed.json"]

    /// The feeds a page declares, then the conventional paths on its host.
    /// - Parameters:
    ///   - html: the page's bytes.
    ///   - pageURL: the page's address; links resolve against its `<base href>`, else it.
    ///   - includeConventionalPaths: whether to add the usual paths (when the page's address is known).
    public static func candidates(inPage html: [UInt8], pageURL: String?, includeConventionalPaths: Bool = true) -> [Candidate] {
        var result: [Candidate] = []
        var seen = Set<String>()
        if let document = try? MarkupDocument.parse(html, syntax: .html, name: pageURL ?? "page") , let root = document.root {
            var base = pageURL
            if let declared = root.descendants("base").first?.attribute("href") {
                base = URLResolver.resolve(declared, against: pageURL)
            }
            for link in root.descendants("link") + root.descendants("a") {
                let rel = (link.attribute("rel") ?? "").lowercased().split(separator: " ")
                guard rel.contains("alternate") || rel.contains("feed"), let href = link.attribute("href"), !href.isEmpty else { continue }
                let type = link.attribute("type")?.lowercased().split(separator: ";").first.map { String($0).trimmingASCIIWhitespace() }
                if let type, !feedTypes.contains(type) { continue }
                if type == nil, !rel.contains("feed") { continue }
                let url = URLResolver.resolve(href, against: base)
                guard URLResolver.safeResolve(url, against: nil) != nil, seen.insert(url).inserted else { continue }
                result.append(Candidate(url: url, type: type, title: link.attribute("title"), isDeclared: true))
            }
        }
        if includeConventionalPaths, let pageURL, URLResolver.scheme(of: pageURL) != nil {
            for path in conventionalPaths {
                let url = URLResolver.resolve(path, against: pageURL)
                if seen.insert(url).inserted { result.append(Candidate(url: url, type: nil, title: nil, isDeclared: false)) }
            }
        }
        return result
    }
}

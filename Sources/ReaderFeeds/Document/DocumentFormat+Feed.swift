import ReaderCore

extension DocumentFormat {
    /// A web feed: RSS 0.9x/1.0/2.0, Atom 0.3/1.0 or JSON Feed 1.0/1.1.
    public static let feed = DocumentFormat(rawValue: "feed")!
}

extension FormatDescriptor {
    /// Web feeds (RSS, Atom, JSON Feed).
    public static let feed = FormatDescriptor(format: .feed, displayName: "Feed (RSS, Atom, JSON Feed)",
                                              mediaType: "application/rss+xml", fileExtensions: ["rss", "atom", "rdf"])
}

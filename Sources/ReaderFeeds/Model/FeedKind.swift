/// The feed dialect and version, named as feedparser names them (`rss20`, `atom10`, `json11`, …).
public struct FeedKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name.
    public let rawValue: String

    /// A kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The name.
    public var description: String { rawValue }

    /// RSS 0.90 (RDF with the Netscape namespace).
    public static let rss090 = FeedKind(rawValue: "rss090")
    /// RSS 0.91 (Userland).
    public static let rss091u = FeedKind(rawValue: "rss091u")
    /// RSS 0.91 (Netscape).
    public static let rss091n = FeedKind(rawValue: "rss091n")
    /// RSS 0.92.
    public static let rss092 = FeedKind(rawValue: "rss092")
    /// RSS 0.93.
    public static let rss093 = FeedKind(rawValue: "rss093")
    /// RSS 0.94.
    public static let rss094 = FeedKind(rawValue: "rss094")
    /// RSS 2.0.
    public static let rss20 = FeedKind(rawValue: "rss20")
    /// RSS without a version it names.
    public static let rss = FeedKind(rawValue: "rss")
    /// RSS 1.0 (RDF).
    public static let rss10 = FeedKind(rawValue: "rss10")
    /// Atom 0.3.
    public static let atom03 = FeedKind(rawValue: "atom03")
    /// Atom 1.0.
    public static let atom10 = FeedKind(rawValue: "atom10")
    /// Atom of a version it does not name.
    public static let atom = FeedKind(rawValue: "atom")
    /// JSON Feed 1.0.
    public static let json10 = FeedKind(rawValue: "json10")
    /// JSON Feed 1.1.
    public static let json11 = FeedKind(rawValue: "json11")

    /// Whether this is an Atom dialect.
    public var isAtom: Bool { rawValue.hasPrefix("atom") }
    /// Whether this is JSON Feed.
    public var isJSON: Bool { rawValue.hasPrefix("json") }
}

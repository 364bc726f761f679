import Foundation

/// Podcast facts of a channel or an episode (iTunes `itunes:*`, Google Play, podcast namespace).
public struct PodcastInfo: Hashable, Sendable, Codable {
    /// `itunes:author`.
    public var author: String?
    /// `itunes:subtitle`.
    public var subtitle: String?
    /// `itunes:summary`.
    public var summary: String?
    /// `itunes:explicit` read as yes/no; nil when absent or neither.
    public var isExplicit: Bool?
    /// `itunes:block`: whether the feed or episode asks not to be listed.
    public var isBlocked: Bool?
    /// `itunes:image` (its `href`).
    public var image: String?
    /// `itunes:owner` (name and e-mail).
    public var owner: FeedPerson?
    /// `itunes:duration` as written (`HH:MM:SS`, `MM:SS` or seconds).
    public var duration: String?
    /// `itunes:episode`.
    public var episode: String?
    /// `itunes:season`.
    public var season: String?
    /// `itunes:episodeType` or the channel's `itunes:type`.
    public var type: String?
    /// `itunes:new-feed-url`.
    public var newFeedURL: String?

    /// Creates empty podcast facts.
    public init() {}

    /// The duration in seconds: `HH:MM:SS`, `MM:SS` or a number of seconds; nil when unreadable.
    public var durationSeconds: Int? {
        guard let duration else { return nil }
        let parts = duration.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0
        for part in parts {
            guard let value = Int(part.split(separator: ".").first ?? part), value >= 0 else { return nil }
            total = total * 60 + value
        }
        return total
    }

    /// Whether nothing is set.
    public var isEmpty: Bool { self == PodcastInfo() }
}


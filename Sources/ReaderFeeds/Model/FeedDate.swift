import Foundation

/// A date as the feed wrote it, and the instant it names when it could be read (RFC 822,
/// RFC 3339/W3C-DTF, and the broken variants feeds carry).
public struct FeedDate: Hashable, Sendable, Codable {
    /// The text as written, whitespace trimmed.
    public var raw: String
    /// The instant, when the text could be read.
    public var date: Date?

    /// Reads a date.
    public init(raw: String) {
        self.raw = raw
        self.date = FeedDateParser.parse(raw)
    }

    /// A date from its parts.
    public init(raw: String, date: Date?) {
        self.raw = raw
        self.date = date
    }

    /// The instant in ISO 8601 (UTC, seconds), when known.
    public var iso8601: String? {
        date.map { FeedDateParser.iso8601(of: $0) }
    }
}

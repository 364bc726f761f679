import Foundation

/// A moment to the millisecond, as the library stores it (an integer) and writes it in JSON (an
/// ISO 8601 string with milliseconds, in UTC), so a value read back from a backup compares equal
/// to the one written.
public struct Timestamp: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01 00:00 UTC.
    public var milliseconds: Int64

    /// Creates a timestamp from milliseconds since the epoch.
    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// Creates a timestamp from a date, rounded to the millisecond.
    public init(_ date: Date) {
        milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The current time.
    public static func now() -> Timestamp { Timestamp(Date()) }

    /// The moment as a date.
    public var date: Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// `2026-11-25T18:00:00.123Z`.
    public var description: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// Reads an ISO 8601 string, with or without fractional seconds.
    public init?(iso8601 text: String) {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) {
            self.init(date)
            return
        }
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) else { return nil }
        self.init(date)
    }

    /// Earlier times order first.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.milliseconds < rhs.milliseconds }

    /// Reads an ISO 8601 time, as `encode(to:)` writes it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Timestamp(iso8601: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 time: \(text.prefix(40))")
        }
        self = value
    }

    /// Writes the time as ISO 8601 text with milliseconds.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

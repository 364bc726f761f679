import Foundation

/// The YAML front matter of an article file, in the folder convention's key order: `title`,
/// `url`, `bookmarked`, `published`, `domain`, `feed`, `lang`, `categories`, `author`,
/// `excerpt`, `image`, `favicon`, `enclosure_url`, `enclosure_type`, `enclosure_duration`,
/// `comments_url`, `comment_count`. Keys without a value are left out.
public struct ArticleFrontMatter: Hashable, Sendable {
    /// The article's title (written quoted).
    public var title: String?
    /// The article's address.
    public var url: String?
    /// When it was saved; dates the file name.
    public var bookmarked: Date?
    /// When it was published.
    public var published: Date?
    /// The feed it came from.
    public var feed: String?
    /// Its language (`lang`).
    public var language: String?
    /// Its categories, written as a YAML flow sequence of quoted strings.
    public var categories: [String] = []
    /// Its author or authors, as one line (written quoted).
    public var author: String?
    /// A summary (written quoted).
    public var excerpt: String?
    /// The lead image's address.
    public var image: String?
    /// The site's icon.
    public var favicon: String?
    /// A podcast or media enclosure's address (`enclosure_url`).
    public var enclosureURL: String?
    /// The enclosure's media type (`enclosure_type`).
    public var enclosureType: String?
    /// The enclosure's duration as the feed writes it (`enclosure_duration`, quoted).
    public var enclosureDuration: String?
    /// Where the comments are (`comments_url`).
    public var commentsURL: String?
    /// How many comments there are (`comment_count`).
    public var commentCount: Int?

    /// Creates empty front matter.
    public init() {}

    /// The host of ``url`` without a leading `www.`.
    public var domain: String? {
        guard let url, let host = URL(string: url)?.host, !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// The front matter between its `---` lines, each line ending in a line feed.
    public var yaml: String {
        var lines = ["---"]
        func add(_ key: String, _ value: String?) {
            if let value, !value.isEmpty { lines.append("\(key): \(value)") }
        }
        add("title", title.map(Self.quoted))
        add("url", url.map(Self.plain))
        add("bookmarked", bookmarked.map(Self.iso8601))
        add("published", published.map(Self.iso8601))
        add("domain", domain)
        add("feed", feed.map(Self.plain))
        add("lang", language.map(Self.plain))
        if !categories.isEmpty { add("categories", "[" + categories.map(Self.quoted).joined(separator: ", ") + "]") }
        add("author", author.map(Self.quoted))
        add("excerpt", excerpt.map(Self.quoted))
        add("image", image.map(Self.plain))
        add("favicon", favicon.map(Self.plain))
        add("enclosure_url", enclosureURL.map(Self.plain))
        add("enclosure_type", enclosureType.map(Self.plain))
        add("enclosure_duration", enclosureDuration.map(Self.quoted))
        add("comments_url", commentsURL.map(Self.plain))
        add("comment_count", commentCount.map(String.init))
        lines.append("---")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A YAML double-quoted scalar on one line: `"` as `\"`, and (so YAML reads it back the same)
    /// `\` as `\\`, line breaks and tabs as spaces, and the characters YAML does not take as they
    /// are (control characters, U+FEFF, U+FFFE, U+FFFF) as `\x` or `\u` escapes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.collapsingSpaces().unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case _ where !isPrintable(scalar):
                result += scalar.value <= 0xFF ? String(format: "\\x%02X", scalar.value) : String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A value written plain (URLs, codes): quoted when YAML would read it as something else.
    static func plain(_ text: String) -> String {
        let clean = text.collapsingSpaces()
        let risky = clean.contains(": ") || clean.contains(" #") || clean.hasSuffix(":")
            || clean.first.map { "\"'[]{}>|*&!%@`#,?-".contains($0) } == true
            || nullOrBoolean.contains(clean.lowercased()) || !clean.unicodeScalars.allSatisfy(isPrintable)
        return risky ? quoted(clean) : clean
    }

    /// Whether YAML takes the character as it is: not a control character, U+FEFF, U+FFFE or U+FFFF.
    private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0xFEFF, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    /// Plain scalars YAML reads as null or a boolean (YAML 1.1's too: `no`, Norwegian's language
    /// code, is false there).
    private static let nullOrBoolean: Set<String> = ["~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"]

    /// `2024-05-01T12:30:00Z`.
    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// A page's date as written (ISO 8601 with or without time, fractional seconds or zone,
    /// RFC 822); nil when it is none of those.
    public static func date(from text: String) -> Date? {
        let trimmed = text.collapsingSpaces()
        let iso = ISO8601DateFormatter()
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime], [.withInternetDateTime, .withFractionalSeconds],
                                                      [.withFullDate]] {
            iso.formatOptions = options
            if let date = iso.date(from: trimmed) { return date }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in ["yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mmZ",
                       "yyyy-MM-dd HH:mm:ss", "EEE, dd MMM yyyy HH:mm:ss Z", "EEE, dd MMM yyyy HH:mm:ss zzz", "yyyy/MM/dd"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: trimmed) { return date }
        }
        return nil
    }
}

import Foundation
import ReaderCore
import ReaderFetch

/// A feed to sync: its address and the name its articles carry (`feed:` in their front matter).
public struct FeedSubscription: Hashable, Sendable, Codable {
    /// The feed's http(s) address.
    public var url: String
    /// Its name; the host when the list gives none.
    public var name: String

    /// Creates a subscription.
    public init(url: String, name: String) {
        self.url = url
        self.name = name
    }
}

/// The list of feeds `reader feeds sync` reads: a text file, one feed a line, its address then,
/// after white space, its name (optional); blank lines and lines starting with `#` are skipped.
///
/// ```
/// # feeds.txt
/// https://example.org/feed.xml   Example Blog
/// https://news.example.com/atom.xml
/// ```
public enum FeedList {
    /// The largest list read (1 MiB).
    public static let maxBytes = 1 << 20

    /// `$XDG_CONFIG_HOME/reader/feeds.txt`, else `~/.config/reader/feeds.txt`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.config")
        return base + "/reader/feeds.txt"
    }

    /// Reads the list at `path`.
    /// - Throws: ``ReaderCore/ReaderError``: `fileNotFound`, or `invalidArgument` naming the line
    ///   that is not an http(s) address, or for a list with no feed.
    public static func read(path: String) throws(ReaderError) -> [FeedSubscription] {
        let file = try ReadOnlyFile(path: path)
        let bytes = try file.readPrefix(maxBytes + 1)
        guard bytes.count <= maxBytes else {
            throw ReaderError(.invalidArgument, file: path, reason: "the feed list is larger than \(maxBytes) bytes")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReaderError(.invalidArgument, file: path, reason: "the feed list is not UTF-8 text")
        }
        return try parse(text, file: path)
    }

    /// Parses a list's text.
    public static func parse(_ text: String, file: String) throws(ReaderError) -> [FeedSubscription] {
        var result: [FeedSubscription] = []
        var seen = Set<String>()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let parts = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
            let url = String(parts[0])
            guard FetchAddress.isHTTP(url), let host = URL(string: url)?.host, !host.isEmpty else {
                throw ReaderError(.invalidArgument, file: file,
                                  reason: "line \(index + 1): '\(String(url.prefix(80)))' is not an http or https address")
            }
            let name = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : host
            if seen.insert(url).inserted { result.append(FeedSubscription(url: url, name: name)) }
        }
        guard !result.isEmpty else { throw ReaderError(.invalidArgument, file: file, reason: "the feed list names no feed") }
        return result
    }
}

import Foundation
import ReaderXML

/// The `<meta>` values of a page by normalised key (`og:title`, `twitter:title`, `author`,
/// `dc:creator`, `article:published_time`, …): the last value of each key wins.
struct MetaTags {
    private(set) var values: [String: String] = [:]
    /// Every `article:tag` (and similar) value, in order.
    private(set) var tags: [String] = []

    init(root: MarkupElement) {
        for meta in root.descendants("meta") {
            guard let content = meta.attribute("content")?.collapsingSpaces(), !content.isEmpty else { continue }
            var keys: [String] = []
            if let property = meta.attribute("property") {
                // Only prefixed properties (`og:title`, `article:author`, `dc:creator`) are read.
                keys += property.lowercased().split(separator: " ").map { String($0).replacingDots() }.filter { $0.contains(":") }
            }
            for attribute in ["name", "itemprop", "http-equiv"] {
                if let name = meta.attribute(attribute) { keys.append(name.lowercased().filter { !$0.isWhitespace }.replacingDots()) }
            }
            for key in keys where !key.isEmpty {
                if key == "article:tag" || key == "keywords" || key == "article:section" || key == "news_keywords" {
                    tags.append(contentsOf: content.split(separator: key == "article:tag" || key == "article:section" ? "\u{0}" : ",")
                        .map { $0.collapsingSpaces() }.filter { !$0.isEmpty })
                }
                // The last value of a key wins, as in Readability.
                values[key] = content
            }
        }
    }

    subscript(key: String) -> String? { values[key] }

    /// The first of the keys present.
    func first(_ keys: String...) -> String? {
        keys.lazy.compactMap { values[$0] }.first
    }
}

extension String {
    /// `dc.title` as `dc:title`, the way Readability normalises meta names.
    fileprivate func replacingDots() -> String {
        hasPrefix("dc.") || hasPrefix("dcterm.") || hasPrefix("dcterms.") ? replacingOccurrences(of: ".", with: ":") : self
    }
}

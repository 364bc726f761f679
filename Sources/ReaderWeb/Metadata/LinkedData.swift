import Foundation
import ReaderXML

/// The article facts of a page's JSON-LD (`<script type="application/ld+json">`): the first
/// schema.org object of an article type (`Article`, `NewsArticle`, `BlogPosting`, …), found at
/// the top, in an array or in an `@graph`.
struct LinkedData {
    var headline: String?
    var name: String?
    var byline: String?
    var description: String?
    var siteName: String?
    var published: String?
    var modified: String?
    var image: String?
    var url: String?
    var language: String?
    var keywords: [String] = []

    static let articleTypes: Set<String> = [
        "Article", "AdvancedArticle", "APIReference", "BlogPosting", "DiscussionForumPosting", "LiveBlogPosting",
        "NewsArticle", "OpinionNewsArticle", "Report", "ReportageNewsArticle", "ScholarlyArticle", "SocialMediaPosting",
        "TechArticle", "AnalysisNewsArticle", "AskPublicNewsArticle", "BackgroundNewsArticle", "ReviewNewsArticle",
        "SatiricalArticle", "MedicalScholarlyArticle", "Review", "WebPage", "Recipe",
    ]

    /// Reads the first article object of the page's JSON-LD; nil when there is none.
    init?(root: MarkupElement) {
        for script in root.descendants("script") where script.attribute("type")?.lowercased().contains("ld+json") == true {
            var text = script.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.hasPrefix("<![CDATA[") { text = String(text.dropFirst(9).dropLast(3)) }
            guard let data = text.data(using: .utf8),
                  let json = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else { continue }
            if let article = Self.findArticle(json, depth: 0) {
                self.init(article)
                return
            }
        }
        return nil
    }

    private init(_ object: [String: Any]) {
        headline = Self.string(object["headline"])
        name = Self.string(object["name"])
        byline = Self.names(object["author"] ?? object["creator"])
        description = Self.string(object["description"])
        if let publisher = object["publisher"] as? [String: Any] { siteName = Self.string(publisher["name"]) }
        published = Self.string(object["datePublished"]) ?? Self.string(object["dateCreated"])
        modified = Self.string(object["dateModified"])
        image = Self.url(object["image"]) ?? Self.url(object["thumbnailUrl"])
        url = Self.string(object["url"]) ?? Self.string((object["mainEntityOfPage"] as? [String: Any])?["@id"])
            ?? Self.string(object["mainEntityOfPage"])
        language = Self.string(object["inLanguage"])
        if let words = object["keywords"] as? [Any] {
            keywords = words.compactMap(Self.string)
        } else if let words = Self.string(object["keywords"]) {
            keywords = words.split(separator: ",").map { String($0).collapsingSpaces() }.filter { !$0.isEmpty }
        }
    }

    private static func findArticle(_ json: Any, depth: Int) -> [String: Any]? {
        guard depth < 6 else { return nil }
        if let array = json as? [Any] {
            // An article type first, whatever comes before it in the array.
            return array.lazy.compactMap { findArticle($0, depth: depth + 1) }.first
        }
        guard let object = json as? [String: Any] else { return nil }
        if isArticle(object) { return object }
        if let graph = object["@graph"] { return findArticle(graph, depth: depth + 1) }
        return nil
    }

    private static func isArticle(_ object: [String: Any]) -> Bool {
        let types: [String]
        if let type = object["@type"] as? String { types = [type] } else { types = (object["@type"] as? [Any])?.compactMap { $0 as? String } ?? [] }
        return types.contains { articleTypes.contains($0.replacingOccurrences(of: "http://schema.org/", with: "")
            .replacingOccurrences(of: "https://schema.org/", with: "")) } && !types.contains("WebPage") || types == ["WebPage"] && object["author"] != nil
    }

    private static func string(_ value: Any?) -> String? {
        if let text = value as? String {
            let clean = text.collapsingSpaces()
            return clean.isEmpty ? nil : clean
        }
        if let number = value as? NSNumber { return number.stringValue }
        return nil
    }

    private static func url(_ value: Any?) -> String? {
        if let text = string(value) { return text }
        if let object = value as? [String: Any] { return string(object["url"]) ?? string(object["@id"]) }
        if let array = value as? [Any], let first = array.first { return url(first) }
        return nil
    }

    /// Authors' names joined with ", " (an object with `name`, a string, or an array of either).
    private static func names(_ value: Any?) -> String? {
        if let text = string(value) { return text }
        if let object = value as? [String: Any] { return string(object["name"]) }
        if let array = value as? [Any] {
            let found = array.compactMap { names($0) }
            return found.isEmpty ? nil : found.joined(separator: ", ")
        }
        return nil
    }
}

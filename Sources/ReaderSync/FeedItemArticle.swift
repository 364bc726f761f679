import Foundation
import ReaderCore
import ReaderFeeds
import ReaderWeb

/// An item of a feed made into an article file: the page's article or the feed's own content,
/// and front matter from both (the feed's item data wins where it has it).
enum FeedItemArticle {
    /// An article shorter than this (characters) counts as thin when the feed says more.
    static let thinArticleCharacters = 200

    /// The item's own content as an article, nil when it has none.
    static func fromFeedContent(_ entry: FeedEntry, title: String) -> WebArticle? {
        guard let body = entry.body, body.plainLine != nil else { return nil }
        let content = body.isMarkup ? body.value : paragraphs(body.value)
        let html = "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>\(escaped(title))</title></head><body>"
            + "<article>\(content)</article></body></html>"
        return try? WebArticle.read(Array(html.utf8), name: entry.link ?? title, extractsArticle: false,
                                    pageURL: body.base ?? entry.link)
    }

    /// Whether the page's article is too thin next to what the feed holds.
    static func isThin(_ article: WebArticle, comparedWith entry: FeedEntry) -> Bool {
        let articleLength = article.articleText.count
        let feedLength = entry.body?.plainLine?.count ?? 0
        if !article.isExtracted { return feedLength > 0 }
        return articleLength < thinArticleCharacters && feedLength > articleLength
    }

    /// The front matter: the article's (title, language, image, excerpt…), then the item's data
    /// over it (title, dates, authors, categories, summary, image, enclosure, comments).
    static func frontMatter(article: WebArticle, entry: FeedEntry, feed: Feed, feedName: String, url: String?,
                            bookmarked: Date) -> ArticleFrontMatter {
        var matter = ArticleMarkdownWriter.frontMatter(for: article, url: url, bookmarked: bookmarked, feed: feedName)
        if let title = entry.title?.plainLine { matter.title = title }
        if matter.title == nil { matter.title = url ?? "untitled" }
        if let published = (entry.published ?? entry.updated ?? entry.created)?.date { matter.published = published }
        let names = entry.authors.compactMap { $0.name ?? $0.email }
        if !names.isEmpty { matter.author = names.joined(separator: ", ") }
        if matter.author == nil, let author = entry.podcast.author { matter.author = author }
        let categories = entry.categories.map { $0.label ?? $0.term }.filter { !$0.isEmpty }
        if !categories.isEmpty { matter.categories = categories }
        if let summary = entry.summary?.plainLine { matter.excerpt = String(summary.prefix(500)) }
        if let image = entry.image ?? entry.thumbnails.first?.url { matter.image = image }
        if matter.language == nil { matter.language = entry.language ?? feed.language }
        if let enclosure = entry.enclosures.first {
            matter.enclosureURL = enclosure.url
            matter.enclosureType = enclosure.type
            matter.enclosureDuration = entry.podcast.duration ?? enclosure.durationSeconds.map { String(Int($0)) }
        }
        matter.commentsURL = entry.comments
        matter.commentCount = entry.commentCount
        return matter
    }

    private static func paragraphs(_ text: String) -> String {
        text.components(separatedBy: "\n\n").map { "<p>" + escaped($0) + "</p>" }.joined()
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

import Foundation
import ReaderCore
import ReaderRendering

/// Writes an article as a Markdown file of the folder convention: front matter (see
/// ``ArticleFrontMatter``), a blank line, then the article's blocks as CommonMark + GFM
/// (ReaderRendering's `MarkdownRenderer`: headings, emphasis, links, images, lists, quotes,
/// fenced code, tables).
public enum ArticleMarkdownWriter {
    /// The front matter of an article read from a page.
    /// - Parameters:
    ///   - url: the article's address; the page's canonical URL when nil.
    ///   - bookmarked: when it was saved.
    ///   - feed: the feed it came from, if any.
    public static func frontMatter(for article: WebArticle, url: String? = nil, bookmarked: Date, feed: String? = nil) -> ArticleFrontMatter {
        var matter = ArticleFrontMatter()
        let page = article.metadata
        matter.title = page.title
        matter.url = url ?? page.canonicalURL
        matter.bookmarked = bookmarked
        matter.published = page.published.flatMap(ArticleFrontMatter.date(from:))
        matter.feed = feed
        matter.language = page.language
        matter.categories = page.categories
        matter.author = page.byline
        matter.excerpt = page.excerpt
        matter.image = page.image
        matter.favicon = page.favicon
        return matter
    }

    /// The whole file: front matter, a blank line, the Markdown body (ending in one line feed).
    public static func contents(of article: WebArticle, frontMatter: ArticleFrontMatter) -> String {
        var renderer = MarkdownRenderer()
        var body = renderer.render(SectionContent(blocks: article.content.blocks))
        while body.hasPrefix("\n") { body.removeFirst() }
        while body.hasSuffix("\n") { body.removeLast() }
        return frontMatter.yaml + "\n" + body + "\n"
    }

    /// Writes the article under `folder` (at ``ArticleFileName/relativePath(title:bookmarked:)``),
    /// creating the year and month folders; an existing file of that name is replaced, through a
    /// temporary file renamed over it, so a failed write leaves no partial file.
    /// - Returns: the path written.
    /// - Throws: ``ReaderError`` when the folder or file cannot be written.
    @discardableResult
    public static func write(_ article: WebArticle, frontMatter: ArticleFrontMatter, to folder: String) throws(ReaderError) -> String {
        let bookmarked = frontMatter.bookmarked ?? Date()
        let relative = ArticleFileName.relativePath(title: frontMatter.title ?? "untitled", bookmarked: bookmarked)
        let destination = URL(fileURLWithPath: folder).appendingPathComponent(relative)
        let data = Data(contents(of: article, frontMatter: frontMatter).utf8)
        do {
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: destination, options: .atomic)
        } catch {
            throw ReaderError(.unreadable, file: destination.path, reason: "cannot write the article: \(error.localizedDescription)", cause: error)
        }
        return destination.path
    }
}

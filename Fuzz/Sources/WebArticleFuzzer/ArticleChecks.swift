import Foundation
import FuzzSupport
import ReaderCore
import ReaderEngine
import ReaderFeeds
import ReaderWeb

/// ReaderWeb's reading of a page: encoding, the HTML parse, page metadata (title, byline, dates,
/// Open Graph, JSON-LD, canonical URL, favicon), Readability-style extraction, link resolution,
/// the article's HTML and its blocks, and the article's Markdown file. What must hold:
///
/// - the page reads as an article exactly when it reads as a whole page (everything before
///   extraction is shared, and extraction only chooses);
/// - extraction only removes and retags: every character of the article's text (white space
///   aside) is one of the whole page's text, counted with multiplicity;
/// - the blocks' source runs lie inside their blocks' text;
/// - the article's Markdown file starts with its front matter.
enum ArticleChecks {
    static func check(_ bytes: [UInt8]) {
        let article = try? WebArticle.read(bytes, name: "page.html", pageURL: "https://example.org/news/page.html")
        let whole = try? WebArticle.read(bytes, name: "page.html", extractsArticle: false)
        fuzzCheck((article == nil) == (whole == nil),
                  "read as an article: \(article == nil ? "failed" : "ok"); as a whole page: \(whole == nil ? "failed" : "ok")")
        _ = FeedDiscovery.candidates(inPage: bytes, pageURL: "https://example.org/news/page.html")
        guard let article, let whole else { return }
        if article.isExtracted {
            let missing = surplus(of: visibleScalars(article.articleText), over: visibleScalars(whole.articleText))
            fuzzCheck(missing.isEmpty, "the article's text has characters the page's has not: \(missing.prefix(8))")
        }
        for (index, block) in article.content.blocks.enumerated() {
            let length = block.text.utf16.count
            for run in block.sourceMap.runs {
                fuzzCheck(run.textStart >= 0 && run.textEnd <= length && run.length >= 0,
                          "block \(index): a run at \(run.textStart)..<\(run.textEnd) in \(length) UTF-16 units")
            }
        }
        let matter = ArticleMarkdownWriter.frontMatter(for: article, bookmarked: Date(timeIntervalSince1970: 1_700_000_000))
        let markdown = ArticleMarkdownWriter.contents(of: article, frontMatter: matter)
        fuzzCheck(markdown.hasPrefix(matter.yaml), "the Markdown file does not start with its front matter")
        _ = ArticleFileName.relativePath(title: matter.title ?? "untitled", bookmarked: matter.bookmarked!)
    }

    /// Opens the page as the engine does (extracting the article) and walks it.
    static func openAndWalk(path: String) {
        guard let document = try? ReaderEngine.standard.open(path: path, format: .html) else { return }
        fuzzCheck(document.format == .html, "opened as \(document.format)")
        EngineWalk.walk(document)
    }

    /// The text's scalars, white space (as the page reader collapses it) left out, with counts.
    private static func visibleScalars(_ text: String) -> [Unicode.Scalar: Int] {
        var counts: [Unicode.Scalar: Int] = [:]
        for scalar in text.unicodeScalars where !scalar.isCollapsibleSpace { counts[scalar, default: 0] += 1 }
        return counts
    }

    /// The scalars `part` has more of than `whole`.
    private static func surplus(of part: [Unicode.Scalar: Int], over whole: [Unicode.Scalar: Int]) -> [String] {
        part.compactMap { scalar, count in
            let available = whole[scalar] ?? 0
            return count > available ? "U+\(String(scalar.value, radix: 16, uppercase: true)) \(count) > \(available)" : nil
        }.sorted()
    }
}

import ArgumentParser
import Foundation
import ReaderCore
import ReaderWeb

/// `reader article page.html [--to DIR]`: a saved web page's article as a Markdown file of the
/// article-folder convention (front matter, then the body), written under DIR or printed.
struct ArticleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "article",
        abstract: "Write a saved web page's article as Markdown with YAML front matter (YYYY/MM/YYYY-MM-DD-slug.md).")

    @Argument(help: "The saved web page (a local file).")
    var file: String

    @Option(help: ArgumentHelp("The article folder to write into (YYYY/MM/ subfolders are made). Without it, the Markdown is printed.",
                               valueName: "dir"))
    var to: String?

    @Option(help: "The article's address, when the page does not name its canonical URL.")
    var url: String?

    @Option(help: ArgumentHelp("When it was bookmarked (ISO 8601; default: now). Dates the file name.", valueName: "date"))
    var bookmarked: String?

    @Option(help: "Decode the page in this encoding instead of its declared or detected one.")
    var encoding: String?

    @Flag(help: "Keep the whole page instead of its extracted article.")
    var noExtract = false

    func validate() throws {
        if let bookmarked, ArticleFrontMatter.date(from: bookmarked) == nil {
            throw ValidationError("--bookmarked must be an ISO 8601 date, e.g. 2024-05-01T12:00:00Z")
        }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let article = try WebArticle.read(path: file, extractsArticle: !noExtract, encoding: encoding)
            let date = bookmarked.flatMap(ArticleFrontMatter.date(from:)) ?? Date()
            let matter = ArticleMarkdownWriter.frontMatter(for: article, url: url, bookmarked: date)
            var out = OutputBuffer()
            if let to {
                out.line(try ArticleMarkdownWriter.write(article, frontMatter: matter, to: to))
            } else {
                out.text(ArticleMarkdownWriter.contents(of: article, frontMatter: matter))
            }
            out.flush()
        }
    }
}

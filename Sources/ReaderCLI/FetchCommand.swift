import ArgumentParser
import Foundation
import ReaderCore
import ReaderFetch
import ReaderSync
import ReaderWeb

/// `reader fetch URL [--to DIR] [--format md|html]`: a web page fetched, its article extracted and
/// written as Markdown with front matter (as `reader article` writes) or as clean HTML.
struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch a web page and write its article as Markdown with YAML front matter (YYYY/MM/YYYY-MM-DD-slug.md), or as HTML.")

    /// What is written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case md, html
    }

    @Argument(help: "The page's http or https address.")
    var url: String

    @Option(help: ArgumentHelp("The article folder to write into (YYYY/MM/ subfolders are made). Without it, the article is printed.",
                               valueName: "dir"))
    var to: String?

    @Option(help: "md: Markdown with YAML front matter; html: the article as a clean HTML document.")
    var format: Format = .md

    @Flag(help: "Keep the whole page instead of its extracted article.")
    var noExtract = false

    @OptionGroup var fetching: FetchArguments

    func validate() throws {
        guard FetchAddress.isHTTP(url) else { throw ValidationError("the address must be an http or https URL") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let address = url, extractsArticle = !noExtract
            let page = try fetching.withFetcher { (fetcher) throws(ReaderError) in
                try BlockingTask.run { try await WebPageFetch.page(at: address, using: fetcher, extractsArticle: extractsArticle) }
            }
            let matter = ArticleMarkdownWriter.frontMatter(for: page.article, url: page.resource.url, bookmarked: Date())
            let contents = format == .md ? ArticleMarkdownWriter.contents(of: page.article, frontMatter: matter) : page.article.html
            var out = OutputBuffer()
            if let to {
                let folder = ArticleFolder(path: to)
                out.line(try folder.write(contents, title: matter.title ?? "untitled", bookmarked: matter.bookmarked ?? Date(),
                                          extension: format.rawValue))
            } else {
                out.text(contents)
            }
            out.flush()
        }
    }
}

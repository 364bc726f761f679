import Foundation
import ReaderCore
import ReaderEngine
import ReaderMarkdown
import ReaderTestSupport
import ReaderWeb
import ReaderXML
import Testing

@Suite struct ArticleFilesTests {
    @Test(arguments: [
        ("Ça va? Straße & Café — l'été", "ca-va-strasse-cafe-lete"),
        ("  --Hello,   World!--  ", "hello-world"),
        ("It’s a dog's life", "its-a-dogs-life"),
        ("日本語のタイトル", ""),
        (String(repeating: "abcdefghij ", count: 8), "abcdefghij-abcdefghij-abcdefghij-abcdefghij-abcdef"),
    ])
    func slugFollowsTheConvention(title: String, slug: String) {
        #expect(ArticleFileName.slug(title) == slug)
        #expect(ArticleFileName.slug(title).count <= 50)
    }

    @Test func fileNameIsDatedCutAndFiledByMonth() throws {
        let date = try #require(ArticleFrontMatter.date(from: "2024-03-05T23:30:00Z"))
        #expect(ArticleFileName.fileName(title: "Hello World", bookmarked: date) == "2024-03-05-hello-world.md")
        #expect(ArticleFileName.relativePath(title: "Hello World", bookmarked: date) == "2024/03/2024-03-05-hello-world.md")
        let long = ArticleFileName.fileName(title: String(repeating: "word ", count: 30), bookmarked: date)
        #expect(long.count <= 70)
        #expect(long.hasSuffix(".md"))
        #expect(ArticleFileName.fileName(title: "", bookmarked: date) == "2024-03-05.md")
    }

    @Test func frontMatterKeysAreInOrderAndQuoted() throws {
        var matter = ArticleFrontMatter()
        matter.title = "He said \"hi\" \\ there"
        matter.url = "https://www.example.com/a?b=c"
        matter.bookmarked = ArticleFrontMatter.date(from: "2024-03-05T07:30:00Z")
        matter.published = ArticleFrontMatter.date(from: "2024-03-04")
        matter.language = "en"
        matter.categories = ["News", "Say \"x\""]
        matter.author = "Ada"
        matter.excerpt = "Short."
        matter.enclosureDuration = "12:30"
        matter.commentCount = 4
        #expect(matter.yaml == """
            ---
            title: "He said \\"hi\\" \\\\ there"
            url: https://www.example.com/a?b=c
            bookmarked: 2024-03-05T07:30:00Z
            published: 2024-03-04T00:00:00Z
            domain: example.com
            lang: en
            categories: ["News", "Say \\"x\\""]
            author: "Ada"
            excerpt: "Short."
            enclosure_duration: "12:30"
            comment_count: 4
            ---

            """)
    }

    /// A written file opens in the Markdown backend with every key back, and cmark-gfm reads its
    /// body back to the same words as the extracted article.
    @Test func writtenArticleReopensWithItsMetadataAndWords() throws {
        try withTemporaryDirectory(prefix: "reader-article") { folder in
            let page = try WebPageFixture.write(Array(WebPageFixture.page().utf8))
            let article = try WebArticle.read(path: page)
            let bookmarked = try #require(ArticleFrontMatter.date(from: "2024-03-07T08:00:00Z"))
            let matter = ArticleMarkdownWriter.frontMatter(for: article, bookmarked: bookmarked, feed: "https://www.valleycourier.example/feed")
            let written = try ArticleMarkdownWriter.write(article, frontMatter: matter, to: folder.path)
            #expect(written.hasSuffix("2024/03/2024-03-07-flood-waters-recede-in-the-lower-town.md"))

            let document = try ReaderEngine.standard.open(path: written)
            #expect(document.format == .markdown)
            let metadata = document.metadata
            #expect(metadata.title == "Flood waters recede in the lower town")
            #expect(metadata.authors == ["Ada Byline, Ben Second"] || metadata.authors == ["Ada Byline", "Ben Second"])
            #expect(metadata.language == "en-GB")
            #expect(metadata.description == "After a night of rising water, the river falls again.")
            #expect(metadata.fields["url"] == "https://www.valleycourier.example/news/2024/flood.html")
            #expect(metadata.fields["bookmarked"] == "2024-03-07T08:00:00Z")
            #expect(metadata.fields["published"] == "2024-03-05T07:30:00Z")
            #expect(metadata.fields["domain"] == "valleycourier.example")
            #expect(metadata.fields["feed"] == "https://www.valleycourier.example/feed")
            #expect(metadata.fields["categories"] == "Weather")
            #expect(metadata.fields["image"] == "https://www.valleycourier.example/images/flood.jpg")
            #expect(metadata.fields["favicon"] == "https://www.valleycourier.example/favicon.ico")

            let markdownWords = ShingleWords.words(try document.content(ofSection: 0).blocks.map(\.text).joined(separator: " "))
            let articleWords = ShingleWords.words(article.content.blocks.map(\.text).joined(separator: " "))
            #expect(markdownWords == articleWords)
        }
    }

    /// The same over real pages: every Readability test page written and read back by cmark-gfm.
    @Test(.enabled(if: ReadabilityCorpus.available)) func corpusArticlesReadBackToTheSameWords() throws {
        try withTemporaryDirectory(prefix: "reader-article-corpus") { folder in
            var mismatches: [String] = []
            for directory in try ReadabilityCorpus.pages() {
                let article = try WebArticle.read(path: directory.appendingPathComponent("source.html").path)
                let matter = ArticleMarkdownWriter.frontMatter(for: article, bookmarked: Date(timeIntervalSince1970: 1_700_000_000))
                let target = folder.appendingPathComponent(directory.lastPathComponent).path
                let written = try ArticleMarkdownWriter.write(article, frontMatter: matter, to: target)
                let document = try ReaderEngine.standard.open(path: written, format: .markdown)
                if let title = article.metadata.title { #expect(document.metadata.title == title.collapsingWhitespace()) }
                let back = ShingleWords.words(try document.content(ofSection: 0).blocks.map(\.text).joined(separator: " "))
                let original = ShingleWords.words(article.content.blocks.map(\.text).joined(separator: " "))
                if back != original { mismatches.append(directory.lastPathComponent) }
            }
            #expect(mismatches.isEmpty, "pages whose Markdown reads back to other words: \(mismatches)")
        }
    }
}

/// Words for comparing texts: letters and digits, list markers and table bars aside.
enum ShingleWords {
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

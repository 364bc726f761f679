import Foundation
import ReaderTestSupport
import Testing

/// `reader article` and `--no-extract` on a saved web page, run as a user would.
@Suite("web pages on the command line") struct ArticleCommandTests {
    static let page = """
        <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A quiet harbour at dawn - Coast Notes</title>
        <meta property="og:title" content="A quiet harbour at dawn"><meta name="author" content="Cora Writer">
        <link rel="canonical" href="https://www.coastnotes.example/2024/harbour"></head>
        <body><nav class="menu"><a href="/">Home</a> <a href="/archive">Archive of every post</a></nav>
        <article><p>The boats lay still on the water before the sun came up, and the gulls, for once, were quiet on the harbour wall.</p>
        <p>By six the first engines started, one after another, and the smell of diesel drifted over the quay, where the fishmongers were setting out their ice.</p>
        <p>Nobody spoke much; the day's work was known to everyone, and the weather, for a change, was kind to all of them.</p></article>
        <footer class="footer">Copyright Coast Notes, all rights kept.</footer></body></html>
        """

    @Test("article writes a dated Markdown file with front matter; --no-extract keeps the whole page")
    func articleAndNoExtract() throws {
        try withTemporaryDirectory(prefix: "reader-cli-article") { folder in
            let path = folder.appendingPathComponent("harbour.html").path
            try Data(Self.page.utf8).write(to: URL(fileURLWithPath: path))
            let out = folder.appendingPathComponent("articles")
            let written = try ReaderExecutable.run(["article", path, "--to", out.path, "--bookmarked", "2024-03-05T09:00:00Z"],
                                                   cacheDirectory: folder)
            #expect(written.status == 0, "\(written)")
            let file = out.appendingPathComponent("2024/03/2024-03-05-a-quiet-harbour-at-dawn.md")
            #expect(written.lines == [file.path])
            let markdown = try String(contentsOf: file, encoding: .utf8)
            #expect(markdown.hasPrefix("""
                ---
                title: "A quiet harbour at dawn"
                url: https://www.coastnotes.example/2024/harbour
                bookmarked: 2024-03-05T09:00:00Z
                domain: coastnotes.example
                lang: en
                author: "Cora Writer"
                """))
            #expect(markdown.contains("# A quiet harbour at dawn\n\nThe boats lay still"))
            #expect(!markdown.contains("Archive of every post"))

            let extracted = try ReaderExecutable.run(["text", path, "--width", "200"], cacheDirectory: folder)
            #expect(extracted.status == 0)
            #expect(!extracted.stdout.contains("Archive of every post"))
            #expect(extracted.stdout.contains("the gulls, for once, were quiet"))
            let whole = try ReaderExecutable.run(["text", path, "--width", "200", "--no-extract"], cacheDirectory: folder)
            #expect(whole.status == 0)
            #expect(whole.stdout.contains("Archive of every post"))
            #expect(whole.stdout.contains("Copyright Coast Notes"))

            let info = try ReaderExecutable.run(["info", path], cacheDirectory: folder)
            #expect(info.stdout.contains("Web page (HTML)") || info.stdout.contains("html"))

            let badDate = try ReaderExecutable.run(["article", path, "--bookmarked", "yesterday"], cacheDirectory: folder)
            #expect(badDate.status == 2)
            let missing = try ReaderExecutable.run(["article", folder.appendingPathComponent("none.html").path], cacheDirectory: folder)
            #expect(missing.status == 1)
            #expect(missing.stderr.split(separator: "\n").count == 1)
        }
    }
}

import Foundation
import ReaderTestSupport
import ReaderWeb

/// A served folder made for one test, removed when the test's value is released: articles written
/// by ReaderWeb's PullRead writer in `YYYY/MM/` subfolders, hand-written articles exercising the
/// front matter rules, `favicons/` and `notebooks/`, a symlink out of the folder, and books copied
/// from TestBooks. (`@unchecked Sendable`: its properties are set in `init` and only read after.)
final class ViewerFolderFixture: @unchecked Sendable {
    /// The folder (its real path).
    let root: String
    /// A file outside the folder that a symlink inside points to.
    let outside: String

    /// The written article's file name (ReaderWeb's naming).
    private(set) var writtenArticleName = ""

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("viewer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("served"), withIntermediateDirectories: true)
        root = base.appendingPathComponent("served").resolvingSymlinksInPath().path
        outside = base.appendingPathComponent("secret.md").path
        try write("---\ntitle: Secret\n---\nThe secret outside the folder.\n", to: outside)
        try populate()
    }

    deinit {
        try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent)
    }

    /// Writes `text` at `relative` under the root, creating folders.
    func add(_ text: String, at relative: String) throws {
        try write(text, to: root + "/" + relative)
    }

    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    private func populate() throws {
        // An article as `reader article` writes it.
        let page = """
        <html lang="en"><head><title>Tide Tables for Beginners</title>
        <meta property="og:image" content="https://pictures.example.org/tides.jpg">
        <meta name="author" content="Mara Quill"><meta name="description" content="How to read a tide table.">
        <link rel="canonical" href="https://www.coast.example.org/tides"></head>
        <body><article><h1>Tide Tables for Beginners</h1>
        <p>Every harbour prints its tide table in the same few columns, and once you can read one you can read them all.</p>
        <p>The first column is the date; the second the time of high water; the third its height in metres above chart datum.</p>
        <p>Spring tides come after the full and the new moon; neap tides after the quarters, when the range is smallest.</p>
        </article></body></html>
        """
        let article = try WebArticle.read(Array(page.utf8), name: "tides.html")
        let bookmarked = Date(timeIntervalSince1970: 1_714_566_600)  // 2024-05-01T12:30:00Z
        let matter = ArticleMarkdownWriter.frontMatter(for: article, bookmarked: bookmarked, feed: "Coast News")
        let path = try ArticleMarkdownWriter.write(article, frontMatter: matter, to: root)
        writtenArticleName = (path as NSString).lastPathComponent

        // Snake_case keys, a summary, comments, video, categories as a list.
        try add("""
        ---
        title: "Storm Season"
        url: https://weather.example.net/storms
        bookmarked: 2025-01-10T08:00:00Z
        domain: weather.example.net
        feed: Weather Desk
        author: Ines Gale
        summary: "\(String(repeating: "Wind and rain. ", count: 60))"
        summary_provider: local
        summary_model: tiny-1
        excerpt: "Storms, explained."
        thumbnail: https://weather.example.net/storm.png
        favicon: /favicons/weather.png
        enclosure_url: https://weather.example.net/storm.mp3
        enclosure_type: audio/mpeg
        enclosure_duration: "00:12:00"
        video_enclosure_url: https://weather.example.net/storm.mp4
        video_enclosure_type: video/mp4
        comments_url: https://weather.example.net/storms#comments
        comment_count: 42
        categories:
          - weather
          - storms
        ---

        Body of the storm article.
        """, at: "2025/01/storm-season.md")

        // The fallbacks: source, published and description; the first real image of the body.
        try add("""
        ---
        title: Lighthouse Lenses
        source: https://lights.example.com/lenses
        published: 2023-03-03
        description: "Fresnel lenses, ring by ring."
        categories: optics, history
        ---

        ![](https://tracker.example.com/pixel.gif?id=1)
        ![build](https://img.shields.io/badge/build-passing-green.svg)
        ![icon](https://lights.example.com/static/16x16/lamp.png)
        ![The great lens](https://lights.example.com/images/lens.jpg "A lens")
        """, at: "2023/03/lighthouse-lenses.md")

        // No front matter: the title is the file name.
        try add("Just a note with no front matter.\n", at: "plain-note.md")

        // Front matter closed only after the first 32 KB: it is not read, so the title is the file name.
        try add("---\nexcerpt: \"" + String(repeating: "x", count: 40_000) + "\"\ntitle: Hidden\n---\nbody\n", at: "long-head.md")

        // Not articles: favicons/, notebooks/, hidden files, other files.
        try add("icon", at: "favicons/weather.png")
        try add("---\ntitle: In favicons\n---\n", at: "favicons/not-an-article.md")
        try add("---\ntitle: A notebook\n---\n", at: "notebooks/notebook.md")
        try add("---\ntitle: Hidden\n---\n", at: ".hidden.md")
        try add("not a book", at: "2024/notes.json")

        // A symlink leading out of the folder.
        try FileManager.default.createSymbolicLink(atPath: root + "/escape.md", withDestinationPath: outside)

        // Books.
        for (source, name) in [("epub/lighthouse-keeper.epub", "lighthouse-keeper.epub"), ("pdf/harbour-lights.pdf", "books/harbour-lights.pdf"),
                               ("txt/winter-road.ru.txt", "winter-road.ru.txt")] {
            let target = root + "/" + name
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: TestLocation.testBooks.appendingPathComponent(source).path, toPath: target)
        }
        // Modification times that put the undated files in a known order, after the dated ones.
        for (relative, date) in [("plain-note.md", "2022-06-01"), ("long-head.md", "2021-06-01"), ("lighthouse-keeper.epub", "2020-03-01"),
                                 ("books/harbour-lights.pdf", "2020-02-01"), ("winter-road.ru.txt", "2020-01-01")] {
            try setModified(relative, ISO8601DateFormatter().date(from: date + "T00:00:00Z")!)
        }
    }

    /// Sets the modification time of `relative`.
    func setModified(_ relative: String, _ date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: root + "/" + relative)
    }

    /// The listing order the fixture's files have (newest first).
    static let listedOrder = [
        "storm-season.md", nil, "lighthouse-lenses.md", "plain-note.md", "long-head.md", "lighthouse-keeper.epub",
        "harbour-lights.pdf", "winter-road.ru.txt",
    ]
}

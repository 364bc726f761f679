import Foundation
import ReaderCore
import ReaderHTML
import ReaderTestSupport
import ReaderXML
import Testing

@Suite("Realistic chapters")
struct ChapterTests {
    /// An EPUB 3 chapter in the style of the IDPF samples and Standard Ebooks: sections, a
    /// header, page-break markers, verse with line breaks, an epigraph, a footnote.
    static let chapter = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
        epub:prefix="z3998: http://www.daisy.org/z3998/2012/vocab/structure/#" lang="en" xml:lang="en">
        \t<head>
        \t\t<title>I: Loomings</title>
        \t\t<link href="../css/core.css" rel="stylesheet" type="text/css"/>
        \t</head>
        \t<body epub:type="bodymatter z3998:fiction">
        \t\t<section id="chapter-1" epub:type="chapter">
        \t\t\t<hgroup>
        \t\t\t\t<h2 epub:type="ordinal z3998:roman">I</h2>
        \t\t\t\t<p epub:type="title">Loomings</p>
        \t\t\t</hgroup>
        \t\t\t<blockquote epub:type="epigraph">
        \t\t\t\t<p>Whenever I find myself<br/>
        \t\t\t\tgrowing grim about the mouth;</p>
        \t\t\t</blockquote>
        \t\t\t<p>Call me Ishmael. Some years ago—never mind how long precisely—having little or no money \
        in my purse<a href="endnotes.xhtml#note-1" id="noteref-1" epub:type="noteref">1</a>, and nothing \
        particular to interest me on shore, I thought I would sail about a little and see the watery part \
        of the world.</p>
        \t\t\t<p>There now is your insular city of the Manhattoes, belted round by wharves as Indian isles \
        by coral reefs<span epub:type="pagebreak" id="page-2" title="2"></span>—commerce surrounds it with \
        her surf.</p>
        \t\t\t<div class="headline">
        \t\t\t\t<p>“GRAND CONTESTED ELECTION FOR THE PRESIDENCY OF THE UNITED STATES.</p>
        \t\t\t\t<p>“WHALING VOYAGE BY ONE ISHMAEL.</p>
        \t\t\t</div>
        \t\t</section>
        \t</body>
        </html>
        """

    @Test("blocks, anchors, page breaks and links of a chapter")
    func chapterBlocks() throws {
        let content = try Fixture.convert(Self.chapter)
        #expect(content.title == "I: Loomings")
        #expect(content.summary == [
            "h2 I", "p Loomings", "q Whenever I find myself\ngrowing grim about the mouth;",
            "p Call me Ishmael. Some years ago—never mind how long precisely—having little or no money in my purse1, "
                + "and nothing particular to interest me on shore, I thought I would sail about a little and see the "
                + "watery part of the world.",
            "p There now is your insular city of the Manhattoes, belted round by wharves as Indian isles by coral "
                + "reefs—commerce surrounds it with her surf.",
            "p “GRAND CONTESTED ELECTION FOR THE PRESIDENCY OF THE UNITED STATES.",
            "p “WHALING VOYAGE BY ONE ISHMAEL.",
        ])
        #expect(content.blocks.allSatisfy { $0.anchorID == "chapter-1" || $0.anchorID == "noteref-1" || $0.anchorID == "page-2" })
        #expect(content.blocks.map(\.anchorID).last == "page-2")
        #expect(content.pageBreaks.map(\.label) == ["2"])
        #expect(content.links.map(\.isNoteReference) == [true])
        #expect(content.pathIndex.anchors["chapter-1"]?.path.cfi == "/4/2[chapter-1]")
        #expect(content.pathIndex.chunks.first?.path.cfi == "/4/2[chapter-1]/2/2/1")
        SourceCheck.check(content)
    }

    /// The content documents of corpus books, extracted with `unzip -p` when the corpus is there.
    static let corpusChapters: [(book: String, entry: String)] = [
        ("moby-dick_epub3.epub", "OPS/chapter_001.xhtml"),
        ("moby-dick_epub3.epub", "OPS/chapter_003.xhtml"),
        ("pg11_alice_epub2.epub", "OEBPS/8860606395858576540_11-h-1.htm.html"),
        ("childrens-literature.epub", "EPUB/s04.xhtml"),
        ("kusamakura-preview_ja-vertical.epub", "EPUB/xhtml/一.xhtml"),
        ("georgia-pls-ssml.epub", "EPUB/georgia.xhtml"),
    ]

    @Test("corpus chapters: exact source maps and tiled chunks",
          .enabled(if: TestLocation.corpusAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip")),
          arguments: corpusChapters)
    func corpusChapter(book: String, entry: String) throws {
        let path = TestLocation.corpus.appendingPathComponent("epub/\(book)").path
        let bytes = try Self.unzip(path, entry: entry)
        try #require(!bytes.isEmpty, "\(entry) is not in \(book)")
        let content = try HTMLBlockConverter(options: HTMLConversionOptions(keepsSourceText: true))
            .convert(bytes, name: entry)
        #expect(!content.blocks.isEmpty)
        SourceCheck.check(content, allowedUnmapped: ["\n", " ", "|"])
    }

    private static func unzip(_ archive: String, entry: String) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-p", archive, entry]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }
}

import Foundation
import ReaderCore
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// Project Gutenberg's licence after a book's closing marker gives no chapter headings.
@Suite struct GutenbergWrapperTests {
    private static func closingOffset(_ text: String, encoding: TextEncoding = .utf8) -> Int? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { GutenbergWrapper.closingMarkerOffset($0, start: 0, encoding: encoding) }
    }

    private static let licence = """
        *** END OF THE PROJECT GUTENBERG EBOOK THE RAVEN ***

        第 1 節. 一般使用條款和再分發 Project Gutenberg(TM) 電子作品

        Text of the licence.

        第 2 節：有關古騰堡計劃(TM) 使命的信息

        More of it.

        第 3 節. 關於古騰堡文學檔案基金會計畫的信息

        The end of it.

        """

    @Test("the English markers, the translated ones, and files without a wrapper")
    func closingMarkers() throws {
        let english = "Header\n*** START OF THE PROJECT GUTENBERG EBOOK THE RAVEN ***\n\nOnce upon a midnight dreary.\n\n"
        let offset = try #require(Self.closingOffset(english + Self.licence))
        #expect(Array((english + Self.licence).utf8)[offset...].starts(with: Array("*** END OF THE PROJECT".utf8)))

        let translated = "*** 古騰堡電子書《烏鴉》計畫開始 ***\n\n正文。\n\n*** 古騰堡電子書《烏鴉》計畫結束 ***\n\n第 1 節. 許可\n"
        let translatedOffset = try #require(Self.closingOffset(translated))
        #expect(String(decoding: Array(translated.utf8)[translatedOffset...], as: UTF8.self).hasPrefix("*** 古騰堡電子書《烏鴉》計畫結束"))

        #expect(Self.closingOffset("Once upon a midnight dreary.\n\n*** THE END ***\n") == nil, "no opening marker")
        let decorated = "*** START OF THE PROJECT GUTENBERG EBOOK X ***\n\nPart One\n\n*** Interlude ***\n\nPart Two\n"
        #expect(Self.closingOffset(decorated) == nil, "a decoration neither says END nor repeats the opening")
        #expect(Self.closingOffset(english + Self.licence, encoding: .utf16LE) == nil, "only ASCII-compatible encodings")
    }

    @Test("a long file: the opening marker in its head, the closing one in its tail")
    func longFile() throws {
        let chapters = (1...400).map { "CHAPTER \($0).\n\n" + String(repeating: "The lamp was lit at dusk and kept till dawn. ", count: 20) + "\n\n" }
        let text = "*** START OF THE PROJECT GUTENBERG EBOOK THE LAMP ***\n\n" + chapters.joined() + Self.licence
        #expect(text.utf8.count > 2 * GutenbergWrapper.searchedSize)
        let offset = try #require(Self.closingOffset(text))
        #expect(Array(text.utf8)[offset...].starts(with: Array("*** END OF".utf8)))
    }

    @Test("the licence's sections stay out of the contents of a corpus book and a generated one")
    func licenceHeadingsAreNotChapters() throws {
        let corpusPath = TestLocation.corpus.appendingPathComponent("txt/gb18030/zh_alice_simplified.txt").path
        let alice = try TXTBackend().open(path: corpusPath, format: .txt, options: .init())
        let titles = try alice.tableOfContents().map(\.title)
        #expect(titles.count == 12)
        #expect(titles.first == "第一章掉进兔子洞")
        #expect(titles.last?.hasPrefix("第十二章") == true)

        try withTemporaryDirectory(prefix: "reader-gutenberg-tests") { directory in
            // Four paragraphs a chapter: three headings closer together read as a contents list.
            let paragraph = String(repeating: "小满跑到院子里去看。", count: 30) + "\n\n"
            let body = (1...3).map { "第\(["一", "二", "三"][$0 - 1])章　月光\n\n" + String(repeating: paragraph, count: 4) }
            let text = "*** START OF THE PROJECT GUTENBERG EBOOK MOON GARDEN ***\n\n" + body.joined() + Self.licence
            let path = directory.appendingPathComponent("moon.txt").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let document = try TXTBackend().open(path: path, format: .txt, options: .init())
            #expect(try document.tableOfContents().map(\.title) == ["第一章　月光", "第二章　月光", "第三章　月光"])
            let blocks = try document.content(ofSection: 0).blocks
            let licenceBlock = try #require(blocks.first { $0.text.hasPrefix("第 1 節.") })
            #expect(licenceBlock.kind == .paragraph, "the licence's section line reads as a paragraph")
        }
    }
}

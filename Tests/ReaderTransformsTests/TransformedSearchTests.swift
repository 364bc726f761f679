import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport
import ReaderTransforms
import Testing

@Suite struct TransformedSearchTests {
    @Test("searching the converted text finds the converted word, with the untransformed book's Locators",
          arguments: ["txt/moon-garden.zh.txt", "epub/moon-garden.epub"])
    func convertedWord(book: String) throws {
        let path = TestLocation.testBooks.appendingPathComponent(book).path
        let base = try ReaderEngine.standard.open(path: path)
        let converted = TransformedDocument(try ReaderEngine.standard.open(path: path),
                                            chain: try TextTransformChain(names: ["s2t"]))
        let baseHits = try DocumentSearch(document: base, query: SearchQuery("妈妈")).allHits()
        let hits = try DocumentSearch(document: converted, query: SearchQuery("媽媽")).allHits()
        #expect(baseHits.count > 3)
        #expect(hits.count == baseHits.count)
        #expect(try DocumentSearch(document: converted, query: SearchQuery("妈妈")).allHits().isEmpty)
        for (hit, baseHit) in zip(hits, baseHits) {
            #expect(hit.locator.href == baseHit.locator.href)
            #expect(hit.locator.locations == baseHit.locator.locations)
            #expect(hit.locator.text?.highlight == "媽媽")
            #expect(try converted.sourcePosition(of: hit.start) == baseHit.start)
            // The Locator resolves, in the untransformed book, to the simplified word.
            let position = try base.textPosition(for: hit.locator)
            let text = try base.content(ofSection: position.section).blocks[position.block].text
            #expect(String(text.utf16.dropFirst(position.offset).prefix(2)) == "妈妈")
        }
    }

    @Test("a phrase s2twp converts to another length is found, and its hit starts at the source phrase")
    func lengthChangingPhrase() throws {
        try withTemporaryDirectory(prefix: "transform-search") { directory in
            let url = directory.appendingPathComponent("book.txt")
            try "第一章\n\n他把文件存进U盘，又拔下U盘。\n\n用鼠标点一下。\n".write(to: url, atomically: true, encoding: .utf8)
            let converted = TransformedDocument(try ReaderEngine.standard.open(path: url.path),
                                                chain: try TextTransformChain(names: ["s2twp"]))
            let hits = try DocumentSearch(document: converted, query: SearchQuery("隨身碟")).allHits()
            #expect(hits.count == 2)
            let source = Array("第一章\n\n他把文件存进U盘，又拔下U盘。\n\n用鼠标点一下。\n".utf16)
            func offsets(of word: String) -> [Int] {
                let needle = Array(word.utf16)
                return (0...(source.count - needle.count)).filter { Array(source[$0..<$0 + needle.count]) == needle }
            }
            #expect(offsets(of: "U盘").count == 2)
            #expect(hits.map(\.locator.locations.offset) == offsets(of: "U盘"))
            let mouse = try DocumentSearch(document: converted, query: SearchQuery("滑鼠")).allHits()
            #expect(mouse.map(\.locator.locations.offset) == offsets(of: "鼠标"))
        }
    }
}

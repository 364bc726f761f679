import Foundation
import ReaderCore
import ReaderMarkdown
import Testing

@Suite("Locators, table of contents and fingerprint")
struct LocatorTests {
    static let markdown = """
        Intro before any heading.

        # Alpha

        Alpha text with *emphasis*.

        ### Alpha deep

        - one
        - two

        ## Alpha two

        # Beta

        Last paragraph.

        """

    @Test("every block start survives locator(at:) and textPosition(for:)")
    func roundTrip() throws {
        let document = try Fixture.open(Self.markdown)
        #expect(try SourceCheck.roundTripFailures(document).isEmpty)
        // Positions inside blocks survive too.
        let blocks = try document.content(ofSection: 0).blocks
        for (index, block) in blocks.enumerated() {
            for offset in stride(from: 0, to: block.text.utf16.count, by: 3) {
                let position = TextPosition(section: 0, block: index, offset: offset)
                #expect(try document.textPosition(for: document.locator(at: position)) == position)
            }
        }
    }

    @Test("a Locator carries the source offset, the file name, the media type and the nearest heading")
    func locatorFields() throws {
        let document = try Fixture.open(Self.markdown, name: "notes.md")
        let blocks = try document.content(ofSection: 0).blocks
        let source = Array(Self.markdown.utf16)

        let intro = try document.locator(at: TextPosition(section: 0, block: 0, offset: 0))
        #expect(intro.href == "notes.md")
        #expect(intro.type == "text/markdown")
        #expect(intro.title == "Alpha")  // the section title: the first heading
        #expect(intro.locations.offset == 0)
        #expect(intro.locations.fragments == nil)

        let emphasisBlock = try #require(blocks.firstIndex { $0.text == "Alpha text with emphasis." })
        let locator = try document.locator(at: TextPosition(section: 0, block: emphasisBlock, offset: 16))
        let offset = try #require(locator.locations.offset)
        #expect(String(decoding: source[offset..<(offset + 8)], as: UTF16.self) == "emphasis")
        #expect(locator.title == "Alpha")
        #expect(locator.locations.fragments == ["alpha"])
        #expect(locator.text?.highlight?.hasPrefix("emphasis") == true)

        let lastBlock = blocks.count - 1
        #expect(try document.locator(at: TextPosition(section: 0, block: lastBlock, offset: 0)).title == "Beta")
    }

    @Test("the table of contents nests headings by level")
    func tableOfContents() throws {
        let toc = try Fixture.open(Self.markdown).tableOfContents()
        #expect(toc.map(\.title) == ["Alpha", "Beta"])
        #expect(toc[0].children.map(\.title) == ["Alpha deep", "Alpha two"])
        #expect(toc[0].children[0].locator.title == "Alpha deep")
        let source = Array(Self.markdown.utf16)
        let offset = try #require(toc[1].locator.locations.offset)
        #expect(String(decoding: source[offset..<(offset + 4)], as: UTF16.self) == "Beta")
    }

    @Test("Locators by progression and with an empty href resolve; another file's do not")
    func locatorInput() throws {
        let document = try Fixture.open(Self.markdown, name: "notes.md")
        let middle = Locator(href: "", type: "text/markdown", locations: .init(progression: 0.5))
        #expect(try document.textPosition(for: middle).block > 0)
        let other = Locator(href: "other.md", type: "text/markdown", locations: .init(offset: 3))
        let error = #expect(throws: ReaderError.self) { try document.textPosition(for: other) }
        #expect(error?.kind == .invalidLocator)
        #expect(error?.file == document.path)
        #expect(error?.format == .markdown)
        let outside = Locator(href: "notes.md", type: "text/markdown", locations: .init(offset: 1_000_000))
        let outsideError = #expect(throws: ReaderError.self) { try document.textPosition(for: outside) }
        #expect(outsideError?.kind == .invalidLocator)
        #expect(outsideError?.file == document.path)
        let badPosition = #expect(throws: ReaderError.self) {
            try document.locator(at: TextPosition(section: 0, block: 999, offset: 0))
        }
        #expect(badPosition?.kind == .invalidArgument)
        #expect(throws: ReaderError.self) { try document.content(ofSection: 1) }
    }

    @Test("the fingerprint is the file's, and stays the same")
    func fingerprint() throws {
        let path = Fixture.write(Array(Self.markdown.utf8))
        let document = try MarkdownBackend().open(path: path, format: .markdown, options: OpenOptions())
        let first = try document.fingerprint()
        #expect(first == (try DocumentFingerprint.compute(path: path, format: .markdown)))
        #expect(first.byteCount == Int64(Self.markdown.utf8.count))
        #expect(try document.fingerprint() == first)
    }

    @Test("open errors name the file and the format")
    func openErrors() throws {
        let backend = MarkdownBackend()
        #expect(backend.formats == [.markdown])
        #expect(backend.capabilities(for: .markdown) == [.tableOfContents, .metadata, .search, .reflow, .images,
                                                         .sourceOffsets])
        let missing = #expect(throws: ReaderError.self) {
            try backend.open(path: "/nonexistent/x.md", format: .markdown, options: OpenOptions())
        }
        #expect(missing?.kind == .fileNotFound)
        #expect(missing?.file == "/nonexistent/x.md")
        #expect(missing?.format == .markdown)

        let directory = Fixture.directory.path
        let unreadable = #expect(throws: ReaderError.self) {
            try backend.open(path: directory, format: .markdown, options: OpenOptions())
        }
        #expect(unreadable?.kind == .unreadable)
        #expect(unreadable?.file == directory)

        let large = Fixture.write([])
        let handle = try #require(FileHandle(forWritingAtPath: large))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        let tooLarge = #expect(throws: ReaderError.self) {
            try backend.open(path: large, format: .markdown, options: OpenOptions())
        }
        #expect(tooLarge?.kind == .invalidArgument)
        #expect(tooLarge?.file == large)
        #expect(tooLarge?.format == .markdown)
        try? FileManager.default.removeItem(atPath: large)

        let wrongFormat = #expect(throws: ReaderError.self) {
            try backend.open(path: Fixture.write(Array("x".utf8)), format: .txt, options: OpenOptions())
        }
        #expect(wrongFormat?.kind == .unsupportedFormat)
    }
}

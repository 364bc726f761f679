import ReaderCore
import ReaderMarkdown
import Testing

@Suite("YAML front matter")
struct FrontMatterTests {
    static let fullFrontMatter = """
        ---
        title: "A Post: With Colon"
        authors: [Ann Lee, Bob Ray]
        date: 2024-03-01 10:00:00 +0100
        url: https://example.com/post
        domain: example.com
        feed: https://example.com/feed.xml
        bookmarked: true
        excerpt: Short excerpt
        summary: The summary
        tags:
          - swift
          - markdown
        enclosure_url: https://example.com/a.mp3
        enclosure_type: audio/mpeg
        enclosure_duration: 1234
        lang: fr
        custom: value
        ---
        # Heading

        Body text.

        """

    @Test("every listed field is read, typed ones into typed metadata")
    func allFields() throws {
        let document = try Fixture.open(Self.fullFrontMatter)
        let metadata = document.metadata
        #expect(metadata.title == "A Post: With Colon")
        #expect(metadata.authors == ["Ann Lee", "Bob Ray"])
        #expect(metadata.date == "2024-03-01 10:00:00 +0100")
        #expect(metadata.description == "The summary")
        #expect(metadata.subjects == ["swift", "markdown"])
        #expect(metadata.language == "fr")
        #expect(metadata.identifiers == ["https://example.com/post"])
        #expect(metadata.fields == [
            "url": "https://example.com/post", "domain": "example.com", "feed": "https://example.com/feed.xml",
            "bookmarked": "true", "excerpt": "Short excerpt", "summary": "The summary",
            "enclosure_url": "https://example.com/a.mp3", "enclosure_type": "audio/mpeg",
            "enclosure_duration": "1234", "custom": "value",
        ])
        #expect(metadata.warnings.isEmpty)
        #expect(document.details.contains { $0 == ("front matter", "yes") })
    }

    @Test("front matter is not content, and body offsets count from the start of the file")
    func bodyOffsets() throws {
        let document = try Fixture.open(Self.fullFrontMatter)
        let blocks = try document.content(ofSection: 0).blocks
        #expect(blocks.map(\.text) == ["Heading", "Body text."])
        let source = Array(Self.fullFrontMatter.utf16)
        let headingOffset = try #require(blocks[0].sourceMap.sourceOffset(forTextOffset: 0))
        let expected = Array(Self.fullFrontMatter.utf16).indices.first {
            source[$0...].starts(with: "# Heading".utf16)
        }
        #expect(headingOffset == expected.map { $0 + 2 })
        #expect(try document.locator(at: TextPosition(section: 0, block: 0, offset: 0)).locations.offset == headingOffset)
    }

    @Test("a single author string, comma-separated tags, excerpt as description")
    func scalarForms() throws {
        let document = try Fixture.open("""
            ---
            author: parkr
            tags: release, jekyll ,news
            excerpt: "An excerpt"
            description: A description
            date: '2019-08-20'
            ---
            Text
            """)
        #expect(document.metadata.authors == ["parkr"])
        #expect(document.metadata.subjects == ["release", "jekyll", "news"])
        #expect(document.metadata.description == "An excerpt")
        #expect(document.metadata.date == "2019-08-20")
        #expect(document.metadata.title == "doc")
    }

    @Test("authors as a list of mappings with names; space-separated tags")
    func structuredAuthors() throws {
        let document = try Fixture.open("""
            ---
            authors:
              - name: Ann
                email: ann@example.com
              - Bob
            tags: alpha beta
            description: Only a description
            ---
            """)
        #expect(document.metadata.authors == ["Ann", "Bob"])
        #expect(document.metadata.subjects == ["alpha", "beta"])
        #expect(document.metadata.description == "Only a description")
        #expect(try document.content(ofSection: 0).blocks.isEmpty)
    }

    @Test("malformed YAML gives a warning with its line, and the body still opens")
    func malformedYAML() throws {
        let document = try Fixture.open("---\ntitle: ok\ntags: [unclosed\n---\nBody text\n", name: "broken.md")
        let warning = try #require(document.metadata.warnings.first)
        #expect(warning.contains("front matter"))
        #expect(warning.contains("line"))
        #expect(document.details.contains { $0 == ("front matter", "malformed") })
        let blocks = try document.content(ofSection: 0).blocks
        #expect(blocks.map(\.text) == ["Body text"])
        #expect(document.metadata.title == "broken")
    }

    @Test("front matter that is not a mapping is reported")
    func notAMapping() throws {
        let document = try Fixture.open("---\n- a\n- b\n---\n# Real title\n")
        #expect(document.metadata.warnings.count == 1)
        #expect(document.metadata.warnings[0].contains("mapping"))
        #expect(document.metadata.title == "Real title")
        #expect(try document.content(ofSection: 0).blocks.map(\.text) == ["Real title"])
    }

    @Test("unclosed front matter is read as Markdown with a warning")
    func unclosed() throws {
        let document = try Fixture.open("---\ntitle: x\n\nSome text\n")
        #expect(document.metadata.warnings.contains { $0.contains("never closed") })
        #expect(try document.content(ofSection: 0).blocks.contains { $0.text == "Some text" })
    }

    @Test("empty front matter and the ... terminator are accepted")
    func emptyAndDots() throws {
        let empty = try Fixture.open("---\n---\nText\n")
        #expect(empty.metadata.warnings.isEmpty)
        #expect(empty.details.contains { $0 == ("front matter", "yes") })
        #expect(try empty.content(ofSection: 0).blocks.map(\.text) == ["Text"])
        let dots = try Fixture.open("---\r\ntitle: Dots\r\n...\r\nText\r\n")
        #expect(dots.metadata.title == "Dots")
        #expect(try dots.content(ofSection: 0).blocks.map(\.text) == ["Text"])
    }
}

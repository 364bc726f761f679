import ReaderCore
import ReaderMarkdown
import ReaderTestSupport
import Testing

@Suite("Byte-level robustness")
struct RobustnessTests {
    /// Opens bytes and touches everything a reader would, checking the invariants that must hold.
    private func exercise(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let document = try Fixture.open(bytes: bytes)
        let blocks = try document.content(ofSection: 0).blocks
        _ = try document.tableOfContents()
        #expect(document.metadata.title?.isEmpty == false, sourceLocation: sourceLocation)
        #expect(blocks.first?.spacingBefore ?? 0 == 0, sourceLocation: sourceLocation)
        for block in blocks {
            #expect(block.sourceMap.runs.first?.textStart == 0, sourceLocation: sourceLocation)
        }
        #expect(try SourceCheck.roundTripFailures(document).isEmpty, sourceLocation: sourceLocation)
        if blocks.isEmpty {
            let start = try document.locator(at: .start)
            #expect(try document.textPosition(for: start) == .start, sourceLocation: sourceLocation)
        }
    }

    @Test("random bytes never crash")
    func randomBytes() throws {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<150 {
            let count = Int.random(in: 0...1500, using: &generator)
            try exercise((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        }
    }

    @Test("random Markdown-like text never crashes and keeps its invariants")
    func randomMarkdown() throws {
        let pieces = ["#", "# ", "*", "_", "`", "```", "[", "]", "(", ")", "!", "<", ">", "> ", "|", "-", "- ", ":",
                      "~~", "\n", "\n\n", "\r\n", "\t", "  ", "1. ", "[ ] ", "&amp;", "&#x41;", "\\", "word", "中文",
                      "🎉", "---\n", "http://x.y", "<b>", "\u{0}", "é"]
        var generator = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let count = Int.random(in: 0...120, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            try exercise(Array(text.utf8))
        }
    }

    @Test("every truncation of a file with front matter opens")
    func truncatedFrontMatter() throws {
        let full = Array("---\ntitle: \"Cut\"\ntags: [a, b]\n---\n# Head\n\nBody *text* here.\n".utf8)
        for length in 0...full.count {
            try exercise(Array(full.prefix(length)))
        }
    }

    @Test("tiny files: empty, one line, no final newline")
    func tinyFiles() throws {
        let empty = try Fixture.open("", name: "empty.md")
        #expect(try empty.content(ofSection: 0).blocks.isEmpty)
        #expect(empty.metadata.title == "empty")
        #expect(try empty.tableOfContents().isEmpty)
        #expect(try empty.locator(at: .start).locations.offset == 0)
        let heading = try Fixture.open("# Only", name: "one.md")
        #expect(try heading.content(ofSection: 0).blocks.map(\.text) == ["Only"])
        #expect(heading.metadata.title == "Only")
        try exercise(Array("x".utf8))
        try exercise(Array("---".utf8))
        try exercise(Array("---\n".utf8))
        try exercise(Array("\n\n\n".utf8))
        try exercise(Array("\r".utf8))
    }

    @Test("invalid UTF-8 and NUL bytes are replaced, with a warning for the former")
    func invalidBytes() throws {
        let document = try Fixture.open(bytes: Array("caf".utf8) + [0xE9, 0x00] + Array(" ok".utf8))
        #expect(try document.content(ofSection: 0).blocks.map(\.text) == ["caf\u{FFFD}\u{FFFD} ok"])
        #expect(document.metadata.warnings.contains { $0.contains("UTF-8") })
    }

    @Test("documents opened concurrently parse the same (cmark-gfm keeps global parser state)")
    func concurrentOpens() async throws {
        let paragraph = "Some ~~struck~~ text, www.example.com and a | b\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n"
        let markdown = String(repeating: paragraph, count: 200)
        let path = Fixture.write(Array(markdown.utf8))
        let expected = Array(repeating: ["Some struck text, www.example.com and a | b", "x | y\n- | -\n1 | 2"], count: 200)
            .flatMap { $0 }
        let texts = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<24 {
                group.addTask {
                    try MarkdownBackend().open(path: path, format: .markdown, options: OpenOptions())
                        .content(ofSection: 0).blocks.map(\.text)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(texts.count == 24)
        #expect(texts.allSatisfy { $0 == expected })
    }

    @Test("pathological nesting does not exhaust the stack")
    func deepNesting() throws {
        try exercise(Array((String(repeating: ">", count: 5000) + " deep\n").utf8))
        try exercise(Array((String(repeating: "- ", count: 2000) + "x\n").utf8))
        try exercise(Array((String(repeating: "*", count: 3000) + "a" + String(repeating: "*", count: 3000)).utf8))
        try exercise(Array((String(repeating: "[", count: 5000) + "x" + String(repeating: "](u)", count: 5000)).utf8))
        let quoted = try Fixture.open(String(repeating: "> ", count: 300) + "text")
        #expect(try quoted.content(ofSection: 0).blocks.contains { $0.text.contains("text") })
    }
}

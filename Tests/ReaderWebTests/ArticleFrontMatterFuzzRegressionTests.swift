import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import ReaderWeb
import Testing

/// Front matter the `markdown-front-matter` fuzz target (Fuzz/) wrote and could not read back,
/// kept so the fixes stay fixed.
@Suite("Article front matter: fuzzer regressions")
struct ArticleFrontMatterFuzzRegressionTests {
    /// Writes the front matter above a line of text and opens it as Markdown.
    private func readBack(_ matter: ArticleFrontMatter) throws -> (details: [String: String], metadata: DocumentMetadata) {
        try withTemporaryDirectory(prefix: "front-matter-fuzz") { folder in
            let path = folder.appendingPathComponent("article.md").path
            try Data((matter.yaml + "\nText.\n").utf8).write(to: URL(fileURLWithPath: path))
            let document = try ReaderEngine.standard.open(path: path, format: .markdown)
            return (Dictionary(document.details.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }), document.metadata)
        }
    }

    /// A control character (here from a page title) went into a double-quoted scalar as it was,
    /// which YAML does not allow: the whole front matter was refused ("control characters are not
    /// allowed"). It is now written as a `\x` or `\u` escape.
    @Test("control characters in quoted values are escaped")
    func controlCharacters() throws {
        var matter = ArticleFrontMatter()
        matter.title = "Bell\u{07} and \u{1B}[1mbold\u{7F} \u{9C}end\u{FFFE}"
        matter.author = "\u{01}Ann"
        matter.language = "e\u{02}n"
        let (details, metadata) = try readBack(matter)
        #expect(details["front matter"] == "yes", "\(metadata.warnings)\n\(matter.yaml)")
        #expect(metadata.title == matter.title)
        #expect(metadata.authors == ["\u{01}Ann"])
        #expect(metadata.language == "e\u{02}n")
    }

    /// A plain value YAML reads as null (`null`, `~`) came back as no value at all, and one YAML 1.1
    /// reads as a boolean (`no`, Norwegian's language code) is false to other YAML readers. They are
    /// now quoted.
    @Test("plain values YAML reads as null or a boolean are quoted",
          arguments: ["null", "Null", "~", "no", "yes", "true", "off", "y"])
    func nullAndBooleanWords(_ word: String) throws {
        var matter = ArticleFrontMatter()
        matter.title = "Title"
        matter.language = word
        matter.url = word
        #expect(matter.yaml.contains("lang: \"\(word)\"\n"), "\(matter.yaml)")
        let (details, metadata) = try readBack(matter)
        #expect(details["front matter"] == "yes")
        #expect(metadata.language == word)
        #expect(metadata.identifiers.first == word)
    }
}

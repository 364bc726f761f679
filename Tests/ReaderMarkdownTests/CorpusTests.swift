import Foundation
import ReaderCore
import ReaderMarkdown
import Testing

@Suite("Real Markdown corpus", .enabled(if: Corpus.isPresent, "the shared corpus ../shared/corpus/md is absent"))
struct CorpusTests {
    private func open(_ url: URL) throws -> any Document {
        try MarkdownBackend().open(path: url.path, format: .markdown, options: OpenOptions())
    }

    /// The `title:` line of a file's front matter, unquoted.
    private func frontMatterTitle(of url: URL) -> String? {
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        guard lines.first == "---" else { return nil }
        for line in lines.dropFirst() {
            if line == "---" { return nil }
            if line.hasPrefix("title:") {
                var value = line.dropFirst("title:".count).trimmingCharacters(in: .whitespaces)
                if let first = value.first, first == "'" || first == "\"", value.last == first {
                    value = String(value.dropFirst().dropLast())
                }
                return value
            }
        }
        return nil
    }

    @Test("every file opens with blocks, a title and exact source runs", arguments: Corpus.files)
    func opens(file: URL) throws {
        let document = try open(file)
        let blocks = try document.content(ofSection: 0).blocks
        #expect(!blocks.isEmpty)
        #expect(document.metadata.title?.isEmpty == false)
        #expect(document.readingOrder.count == 1)
        #expect(document.readingOrder[0].href == file.lastPathComponent)
        #expect(document.readingOrder[0].mediaType == "text/markdown")
        let source = SourceCheck.source(ofFile: file.path)
        for block in blocks {
            #expect(SourceCheck.mismatches(in: block, source: source).isEmpty, "\(block.summary)")
            #expect(block.sourceMap.runs.first?.textStart == 0, "\(block.summary)")
        }
        #expect(try SourceCheck.roundTripFailures(document).isEmpty)
        if blocks.contains(where: \.isHeading) { #expect(try !document.tableOfContents().isEmpty) }
        #expect(blocks[0].spacingBefore == 0)
    }

    @Test("titles come from the front matter title line", arguments: Corpus.files)
    func frontMatterTitles(file: URL) throws {
        guard let expected = frontMatterTitle(of: file) else { return }
        let document = try open(file)
        #expect(document.metadata.title == expected)
        #expect(document.readingOrder[0].title == expected)
        #expect(document.details.contains { $0.name == "front matter" && $0.value == "yes" })
        #expect(document.metadata.warnings.isEmpty)
    }

    @Test("blog posts carry a date and an author")
    func postsHaveDateAndAuthor() throws {
        let posts = Corpus.files.filter { $0.path.contains("/posts/") }
        #expect(!posts.isEmpty)
        for post in posts {
            let metadata = try open(post).metadata
            #expect(metadata.authors.count == 1, "\(post.lastPathComponent)")
            // Every post but the 2014 one has a date line.
            if !post.lastPathComponent.hasPrefix("2014") {
                let date = try #require(metadata.date)
                #expect(post.lastPathComponent.hasPrefix(String(date.prefix(4))), "\(date)")
            }
        }
        let release = try open(Corpus.file("posts/2019-08-19-jekyll-4-0-0-released.md")).metadata
        #expect(release.date == "2019-08-20 10:00:00 -0500")
        #expect(release.authors == ["mattr-"])
        #expect(release.fields["version"] == "4.0.0")
        #expect(release.fields["category"] == "release")
    }

    @Test("the security policy table becomes one aligned preformatted block")
    func securityTable() throws {
        let document = try open(Corpus.file("docs/jekyll_security_table.md"))
        let blocks = try document.content(ofSection: 0).blocks
        let table = try #require(blocks.first { $0.kind == .preformatted && $0.text.contains("Supported") })
        let lines = table.text.components(separatedBy: "\n")
        #expect(lines.count == 5)
        #expect(lines[0].hasPrefix("Version | Supported"))
        #expect(lines[1].allSatisfy { $0 == "-" || $0 == " " || $0 == "|" })
        #expect(lines[2] == "4.2.x   | :white_check_mark:")
        #expect(lines[4].hasPrefix("< 3.9.x | :x:"))
        #expect(document.metadata.title == "Security Policy")
        #expect(document.metadata.fields["permalink"] == "/docs/security/")
    }

    @Test("a README without front matter is titled by its first heading")
    func readmeTitles() throws {
        let libmobi = try open(Corpus.file("readme/libmobi_README.md"))
        #expect(libmobi.metadata.title == "Libmobi")
        #expect(libmobi.details.contains { $0.name == "front matter" && $0.value == "no" })
        let toc = try libmobi.tableOfContents()
        #expect(toc.count == 1 && toc[0].title == "Libmobi")
        #expect(toc[0].children.contains { $0.title == "Features:" })
        let pdfminer = try open(Corpus.file("readme/pdfminer_README.md"))
        #expect(pdfminer.metadata.title == "pdfminer.six")
    }

    @Test("nested lists of the 4.0.0 release post keep their depth")
    func releasePostLists() throws {
        let blocks = try open(Corpus.file("posts/2019-08-19-jekyll-4-0-0-released.md")).content(ofSection: 0).blocks
        let pygments = try #require(blocks.first { $0.text == "Pygments" })
        #expect(pygments.kind == .listItem(marker: "•"))
        #expect(pygments.listDepth == 2)
        #expect(pygments.spacingBefore == 0)
    }
}

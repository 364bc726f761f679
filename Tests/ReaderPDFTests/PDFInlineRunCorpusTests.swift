import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// Inline runs on the shared corpus: bold and italic words of a LaTeX paper, URI links of a
/// government PDF (some broken over two lines), dangling destinations, and what every run obeys.
@Suite("PDF: inline runs on the corpus", .enabled(if: TestLocation.corpusAvailable))
struct PDFInlineRunCorpusTests {
    static func open(_ name: String) throws -> PDFDocument {
        try #require(try PDFBackend().open(path: PDFCorpus.path(name), format: .pdf, options: .init()) as? PDFDocument)
    }

    static func allBlocks(_ document: PDFDocument) throws -> [Block] {
        try (0..<document.readingOrder.count).flatMap { try document.content(ofSection: $0).blocks }
    }

    /// What each run of `style` covers in `blocks`.
    static func covered(_ blocks: [Block], where matches: (InlineStyle) -> Bool) -> [String] {
        blocks.flatMap { block in
            let units = Array(block.text.utf16)
            return block.runs.filter { matches($0.style) }.map { String(decoding: units[$0.range], as: UTF16.self) }
        }
    }

    @Test("tracemonkey page 1: bold run-in heads are strong, italic terms emphasis, bold headings carry no strong run")
    func tracemonkeyBoldAndItalic() throws {
        let blocks = try Self.open("tracemonkey.pdf").content(ofSection: 0).blocks
        let strong = Self.covered(blocks) { $0 == .strong }
        let emphasis = Self.covered(blocks) { $0 == .emphasis }
        for words in ["Categories and Subject Descriptors", "General Terms", "Keywords"] {
            #expect(strong.contains(words), "\(words) in \(strong)")
        }
        for words in ["Dynamic languages", "hot", "trace", "type-stable", "speculates", "Programming Languages"] {
            #expect(emphasis.contains(words), "\(words) in \(emphasis)")
        }
        let abstract = try #require(blocks.first { $0.text == "Abstract" })
        #expect(abstract.isHeading && abstract.runs.isEmpty)
    }

    @Test("tracemonkey: runs follow the text over joined lines and mended hyphenation")
    func tracemonkeyRunsOverJoins() throws {
        var overLines: [String] = [], overCutWords: [String] = []
        for block in try Self.allBlocks(Self.open("tracemonkey.pdf")) {
            let units = Array(block.text.utf16)
            // Where one copied line ends and the next begins in the block's text.
            let joins = block.sourceMap.runs.dropFirst().map(\.textStart)
            for run in block.runs where run.style == .strong || run.style == .emphasis {
                for join in joins where run.range.lowerBound < join - 1 && join < run.range.upperBound {
                    let words = String(decoding: units[run.range], as: UTF16.self)
                    if units[join - 1] == 0x20 { overLines.append(words) } else { overCutWords.append(words) }
                }
            }
        }
        #expect(overLines.count >= 3, "\(overLines)")
        #expect(overCutWords.count >= 1, "\(overCutWords)")
    }

    @Test("federal register: URI links stay URLs and cover their words, also where the link is cut over two lines")
    func federalRegisterLinks() throws {
        let blocks = try Self.allBlocks(Self.open("federal-register_ml-lines.pdf"))
        var links: [String: String] = [:]
        for block in blocks {
            let units = Array(block.text.utf16)
            for run in block.runs {
                guard case .link(let target) = run.style else { continue }
                guard case .external(let url) = target else {
                    Issue.record("\(target) is not a URL")
                    continue
                }
                links[String(decoding: units[run.range], as: UTF16.self)] = url
            }
        }
        #expect(links["https://www.regulations.gov."] == "https://www.regulations.gov")
        #expect(links["https:// www.myboeingfleet.com."] == "https://www.myboeingfleet.com")
        #expect(links["9-FAA-SACO-AD-Inquiry@ faa.gov."] == "mailto:9-FAA-SACO-AD-Inquiry@faa.gov")
    }

    @Test("go-to links whose named destination the file lacks are left out")
    func danglingDestinations() throws {
        let blocks = try Self.allBlocks(Self.open("toc-dot-leaders_bug886717.pdf"))
        #expect(!blocks.isEmpty)
        #expect(!blocks.contains { $0.runs.contains { if case .link = $0.style { true } else { false } } })
    }

    @Test("reading ahead gives the same runs, links included, as reading page by page")
    func readAheadKeepsRuns() throws {
        for name in ["federal-register_ml-lines.pdf", "tracemonkey.pdf"] {
            let plain = try Self.allBlocks(Self.open(name))
            let document = try Self.open(name)
            document.willReadSequentially()
            let ahead = try Self.allBlocks(document)
            #expect(ahead == plain, "\(name)")
            #expect(ahead.contains { !$0.runs.isEmpty }, "\(name)")
        }
    }

    @Test("every run of every corpus PDF lies in its block, starts and ends on a visible character, in order",
          arguments: PDFCorpus.files.filter { !$0.contains("/") })
    func runsAreWellFormed(_ name: String) throws {
        for block in try Self.allBlocks(Self.open(name)) {
            let units = Array(block.text.utf16)
            for run in block.runs {
                #expect(run.range.lowerBound >= 0 && run.range.upperBound <= units.count && !run.range.isEmpty,
                        "\(name): \(run) in \(block.text)")
                guard run.range.upperBound <= units.count, !run.range.isEmpty else { continue }
                #expect(units[run.range.lowerBound] != 0x20 && units[run.range.upperBound - 1] != 0x20, "\(name): \(run) in \(block.text)")
            }
            for (run, next) in zip(block.runs, block.runs.dropFirst()) {
                #expect((run.range.lowerBound, -run.range.upperBound) <= (next.range.lowerBound, -next.range.upperBound),
                        "\(name): \(run) before \(next)")
            }
        }
    }
}

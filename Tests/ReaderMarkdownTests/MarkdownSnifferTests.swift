import ReaderCore
import Testing
@testable import ReaderMarkdown

/// The Markdown backend's sniffer alone: text with a Markdown extension, front matter or syntax.
@Suite struct MarkdownSnifferTests {
    private func sniff(_ text: String, named format: DocumentFormat? = nil) -> FormatSniffer.Result? {
        MarkdownSniffer().sniff(SniffSample(bytes: Array(text.utf8), fileExtension: nil, formatByExtension: format))
    }

    @Test func claimsByExtensionFrontMatterOrSyntax() {
        #expect(sniff("Hello there.", named: .markdown) == .init(format: .markdown, evidence: .textHeuristic))
        #expect(sniff("Hello there.") == nil)
        #expect(sniff("---\ntitle: x\n---\nbody")?.format == .markdown)
        #expect(sniff("# One\n\nSee [a](b).\n\n## Two\n")?.format == .markdown, "three signals")
        #expect(sniff("# One\n\nSee [a](b).\n") == nil, "two signals are not enough")
        #expect(MarkdownSniffer().sniff(SniffSample(bytes: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], fileExtension: "md",
                                                    formatByExtension: .markdown)) == nil, "binary is not text")
    }
}

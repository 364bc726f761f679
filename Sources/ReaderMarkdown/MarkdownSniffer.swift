import ReaderCore

/// Recognises Markdown (priority -100, after plain text named `.txt`): text named with a Markdown
/// extension, or text with YAML front matter or several lines of Markdown syntax.
struct MarkdownSniffer: FormatSniffing {
    var priority: Int { -100 }

    func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
        guard sample.isText, sample.formatByExtension == .markdown || Self.looksLikeMarkdown(sample.bytes) else { return nil }
        return FormatSniffer.Result(format: .markdown, evidence: sample.textEvidence)
    }

    /// Markdown without a telling extension: YAML front matter, or several lines of Markdown syntax.
    static func looksLikeMarkdown(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("---\n") || text.hasPrefix("---\r\n") { return true }
        var signals = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).prefix(200) {
            if line.hasPrefix("#"), line.drop(while: { $0 == "#" }).first == " " { signals += 1 }
            else if line.hasPrefix("```") || line.hasPrefix("~~~") { signals += 1 }
            else if line.contains("](") && line.contains("[") { signals += 1 }
        }
        return signals >= 3
    }
}

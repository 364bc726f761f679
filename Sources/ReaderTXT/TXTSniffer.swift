import ReaderCore

/// Recognises plain text: text named `.txt` before Markdown's sniffer looks (priority -50), and,
/// as the last resort, any text nothing else claimed (priority -200).
struct TXTSniffer: FormatSniffing {
    /// True for the sniffer that claims only text with a plain-text extension.
    let requiresExtension: Bool

    var priority: Int { requiresExtension ? -50 : -200 }

    func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
        guard sample.isText else { return nil }
        if requiresExtension, sample.formatByExtension != .txt { return nil }
        return FormatSniffer.Result(format: .txt, evidence: sample.textEvidence)
    }
}

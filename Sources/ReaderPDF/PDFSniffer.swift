import ReaderCore

/// Recognises a PDF by `%PDF-` anywhere in the first KiB (the header may follow some junk), so
/// before every signature at a fixed offset (priority 300), and whatever the extension says.
struct PDFSniffer: FormatSniffing {
    var priority: Int { 300 }

    func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
        sample.contains("%PDF-", within: 1024) ? FormatSniffer.Result(format: .pdf, evidence: .magicBytes) : nil
    }
}

import ReaderCore

/// Recognises an OCF container (priority 200): a zip local header, then the `mimetype` entry's
/// `application/epub+zip` within the first 200 bytes or `META-INF/container.xml` anywhere in the
/// sample; a zip named `.epub` without either is an EPUB too (for its backend to report broken).
struct EPUBSniffer: FormatSniffing {
    var priority: Int { 200 }

    func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
        guard sample.hasPrefix([0x50, 0x4B, 0x03, 0x04]),
              sample.contains("application/epub+zip", within: 200) || sample.contains("META-INF/container.xml")
                || sample.formatByExtension == .epub
        else { return nil }
        return FormatSniffer.Result(format: .epub, evidence: .magicBytes)
    }
}

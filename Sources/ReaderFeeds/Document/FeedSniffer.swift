import ReaderCore

/// Recognises feeds by content (priority 50, between the binary formats and the text ones): XML
/// whose root element is `<rss>`, `<rdf:RDF>` or `<feed>`, or JSON naming a jsonfeed.org version,
/// whatever the extension; and text named `.rss`, `.atom` or `.rdf`.
struct FeedSniffer: FormatSniffing {
    var priority: Int { 50 }

    func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
        // UTF-16 and UTF-32 without a byte order mark have NULs the text heuristic may refuse.
        guard sample.isText || FeedEncodingName.byteShape(sample.bytes) != nil else { return nil }
        if FeedSniffing.looksLikeJSONFeed(sample.bytes) {
            return FormatSniffer.Result(format: .feed, evidence: sample.textEvidence)
        }
        if let root = FeedSniffing.rootElementName(sample.bytes), FeedSniffing.isFeedRoot(root) {
            return FormatSniffer.Result(format: .feed, evidence: sample.textEvidence)
        }
        if sample.formatByExtension == .feed, !sample.isEmpty {
            return FormatSniffer.Result(format: .feed, evidence: sample.textEvidence)
        }
        return nil
    }
}

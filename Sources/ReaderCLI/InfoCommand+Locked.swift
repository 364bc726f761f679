import ReaderCore
import ReaderEngine

extension InfoCommand {
    /// What can be known of a document that cannot be opened without a password or a DRM key:
    /// its format, its fingerprint (of the bytes, as stored), why it is locked, and the metadata it
    /// keeps unencrypted (an EPUB's package, a MOBI's EXTH header).
    func describeLocked(sniffed: FormatSniffer.Result, error: ReaderError) throws(ReaderError) {
        let engine = ReaderEngine.standard
        let fingerprint = try engine.fingerprint(path: document.file).description
        let metadata = engine.unencryptedMetadata(path: document.file, format: sniffed.format)
        let report = LockedInfoReport(file: document.file, format: sniffed.format.rawValue, sniffedBy: sniffed.evidence.rawValue,
                                      fingerprint: fingerprint, encrypted: error.reason, title: metadata?.title,
                                      authors: metadata?.authors ?? [], language: metadata?.language,
                                      publisher: metadata?.publisher, identifiers: metadata?.identifiers ?? [])
        var output = OutputBuffer()
        if json {
            output.line(StandardStreams.json(report))
        } else {
            output.line("file:          \(report.file)")
            output.line("format:        \(engine.registry.displayName(of: sniffed.format)) (\(report.format), by \(report.sniffedBy))")
            output.line("fingerprint:   \(fingerprint)")
            output.line("encrypted:     \(error.reason)")
            if let title = report.title { output.line("title:         \(title)") }
            if !report.authors.isEmpty { output.line("authors:       \(report.authors.joined(separator: "; "))") }
            if let language = report.language { output.line("language:      \(language)") }
            if let publisher = report.publisher { output.line("publisher:     \(publisher)") }
            if !report.identifiers.isEmpty { output.line("identifiers:   \(report.identifiers.joined(separator: "; "))") }
            if sniffed.format == .pdf {
                output.line("               (give --password, the user or the owner password, to read the rest)")
            }
        }
        output.flush()
    }
}

/// What `reader info --json` prints for a document it cannot open (`encrypted` holds why; the
/// metadata is what the file keeps unencrypted, absent when none can be read).
struct LockedInfoReport: Encodable {
    var file: String
    var format: String
    var sniffedBy: String
    var fingerprint: String
    var encrypted: String
    var title: String?
    var authors: [String]
    var language: String?
    var publisher: String?
    var identifiers: [String]
}

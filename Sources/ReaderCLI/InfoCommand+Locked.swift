import ReaderCore
import ReaderEngine

extension InfoCommand {
    /// What can be known of a document that cannot be opened without a password or a DRM key:
    /// its format, its fingerprint (of the bytes, as stored) and why it is locked.
    func describeLocked(sniffed: FormatSniffer.Result, error: ReaderError) throws(ReaderError) {
        let engine = ReaderEngine.standard
        let fingerprint = try engine.fingerprint(path: document.file).description
        let report = LockedInfoReport(file: document.file, format: sniffed.format.rawValue, sniffedBy: sniffed.evidence.rawValue,
                                      fingerprint: fingerprint, encrypted: error.reason)
        var output = OutputBuffer()
        if json {
            output.line(StandardStreams.json(report))
        } else {
            output.line("file:          \(report.file)")
            output.line("format:        \(engine.registry.displayName(of: sniffed.format)) (\(report.format), by \(report.sniffedBy))")
            output.line("fingerprint:   \(fingerprint)")
            output.line("encrypted:     \(error.reason)")
            if sniffed.format == .pdf {
                output.line("               (give --password, the user or the owner password, to read the rest)")
            }
        }
        output.flush()
    }
}

/// What `reader info --json` prints for a document it cannot open (`encrypted` holds why).
struct LockedInfoReport: Encodable {
    var file: String
    var format: String
    var sniffedBy: String
    var fingerprint: String
    var encrypted: String
}

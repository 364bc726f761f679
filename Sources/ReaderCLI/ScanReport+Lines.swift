import ReaderLibrary

extension ScanReport {
    /// What `library add` and `scan` print: a summary, then one line per file with an error.
    var lines: [String] {
        var lines = ["added \(added.count), linked \(linked.count), new editions \(newEditions.count), unchanged \(unchanged), "
            + "missing \(missing.count), with errors \(failed.count)"]
        if reanchored + orphaned > 0 { lines.append("re-anchored \(reanchored) items, orphaned \(orphaned)") }
        lines += missing.map { "missing: \(ListingField.oneLine($0))" }
        lines += failed.map { "error: \(ListingField.oneLine($0.path)): \(ListingField.oneLine($0.error))" }
        return lines
    }
}

import Foundation
import ReaderCore

/// Reads the `Title:`, `Author:` and `Language:` lines that Project Gutenberg and similar texts
/// put in their first lines, or a title line followed by a `by …` line; falls back to the file
/// name for the title.
enum TXTHeaderMetadata {
    /// Lines of the sample searched for header fields.
    static let headerLines = 80

    static func read(from sample: String, fileName: String) -> DocumentMetadata {
        var metadata = DocumentMetadata()
        for line in sample.split(separator: "\n", maxSplits: headerLines, omittingEmptySubsequences: false).prefix(headerLines) {
            // Most lines have no colon: they are passed over before trimming.
            guard line.utf8.contains(UInt8(ascii: ":")) else { continue }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            let key = trimmed[..<colon].lowercased()
            let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            switch key {
            case "title" where metadata.title == nil: metadata.title = value
            case "author" where metadata.authors.isEmpty: metadata.authors = [value]
            case "language" where metadata.language == nil: metadata.language = value
            case "release date" where metadata.date == nil: metadata.date = value
            default: break
            }
        }
        if metadata.title == nil { readTitlePage(sample, into: &metadata) }
        if metadata.title == nil {
            let stem = fileName.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
            metadata.title = stem.isEmpty ? fileName : stem
        }
        return metadata
    }

    /// A short first line and, a few lines below it, `by NAME`: a title page.
    private static func readTitlePage(_ sample: String, into metadata: inout DocumentMetadata) {
        let lines = sample.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: true).prefix(4)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let title = lines.first, title.count <= 80,
              let byLine = lines.dropFirst().first(where: { $0.lowercased().hasPrefix("by ") }) else { return }
        metadata.title = title
        if metadata.authors.isEmpty { metadata.authors = [String(byLine.dropFirst(3)).trimmingCharacters(in: .whitespaces)] }
    }
}

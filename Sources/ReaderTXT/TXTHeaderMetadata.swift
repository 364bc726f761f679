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
        for line in firstLines(of: sample, count: headerLines) {
            // Most lines have no colon: they are passed over before trimming.
            guard line.utf8.contains(UInt8(ascii: ":")) else { continue }
            let trimmed = trimmingSpaces(line)
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            let key = trimmed[..<colon].lowercased()
            let value = trimmingSpaces(trimmed[trimmed.index(after: colon)...])
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

    /// The first `count` lines of `sample`, empty ones included, as
    /// `split(separator: "\n", maxSplits: count, omittingEmptySubsequences: false).prefix(count)`
    /// cuts them (a CR LF is one character, so not a line feed), found on the bytes rather than
    /// character by character.
    static func firstLines(of sample: String, count: Int) -> [Substring] {
        var lines: [Substring] = []
        let found: Void? = sample.utf8.withContiguousStorageIfAvailable { bytes in
            var start = 0
            func line(to end: Int) -> Substring {
                sample.slice(utf8: start..<end)
            }
            var offset = 0
            while offset < bytes.count, lines.count < count {
                if bytes[offset] == 0x0A, offset == 0 || bytes[offset - 1] != 0x0D {
                    lines.append(line(to: offset))
                    start = offset + 1
                }
                offset += 1
            }
            if lines.count < count { lines.append(line(to: bytes.count)) }
        }
        guard found != nil else {
            return Array(sample.split(separator: "\n", maxSplits: count, omittingEmptySubsequences: false).prefix(count))
        }
        return lines
    }

    /// A short first line and, a few lines below it, `by NAME`: a title page.
    private static func readTitlePage(_ sample: String, into metadata: inout DocumentMetadata) {
        let lines = sample.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: true).prefix(4)
            .map { trimmingSpaces($0) }.filter { !$0.isEmpty }
        guard let title = lines.first, title.count <= 80,
              let byLine = lines.dropFirst().first(where: { $0.lowercased().hasPrefix("by ") }) else { return }
        metadata.title = title
        if metadata.authors.isEmpty { metadata.authors = [trimmingSpaces(byLine.dropFirst(3))] }
    }

    /// `text` without its leading and trailing tabs, space separators (General Category Zs) and
    /// zero-width spaces: what `trimmingCharacters(in: .whitespaces)` trims (Foundation counts
    /// U+200B in), without building Foundation's character set, which cost more than the rest of a
    /// text file's header.
    static func trimmingSpaces<Text: StringProtocol>(_ text: Text) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[first...last])
        return String(trimmed)
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }
}

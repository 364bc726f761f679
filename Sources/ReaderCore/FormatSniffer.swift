/// Decides a file's format from its first bytes, and from its extension only when content is silent.
public enum FormatSniffer {
    /// How many leading bytes ``sniff(sample:fileExtension:)`` looks at.
    public static let sampleSize = 8192

    /// What the decision was based on.
    public enum Evidence: String, Sendable {
        /// A signature such as `%PDF-`, a zip local header, or `BOOKMOBI`.
        case magicBytes = "magic bytes"
        /// A Unicode byte order mark (text).
        case byteOrderMark = "byte order mark"
        /// The bytes look like text; the extension or Markdown syntax chose between TXT and Markdown.
        case textHeuristic = "text heuristic"
        /// The file is empty, so only its extension speaks.
        case fileExtension = "file extension"
    }

    /// A sniffing decision.
    public struct Result: Hashable, Sendable {
        /// The format decided on.
        public var format: DocumentFormat
        /// Why.
        public var evidence: Evidence
    }

    /// Sniffs a sample of the file's first bytes.
    /// - Returns: nil when the bytes are neither a known binary format nor text.
    public static func sniff(sample: [UInt8], fileExtension: String?) -> Result? {
        let byExtension = fileExtension.flatMap(DocumentFormat.byExtension)
        // An empty `book.pdf` is a broken PDF for its backend to report, not an empty text.
        if sample.isEmpty, let byExtension, byExtension != .txt, byExtension != .markdown {
            return Result(format: byExtension, evidence: .fileExtension)
        }
        if let format = binaryFormat(sample, byExtension: byExtension) {
            return Result(format: format, evidence: .magicBytes)
        }
        let hasBOM = sample.starts(with: [0xEF, 0xBB, 0xBF]) || sample.starts(with: [0xFF, 0xFE])
            || sample.starts(with: [0xFE, 0xFF]) || sample.starts(with: [0, 0, 0xFE, 0xFF])
        guard hasBOM || looksLikeText(sample) else { return nil }
        let evidence: Evidence = hasBOM ? .byteOrderMark : .textHeuristic
        if byExtension == .markdown { return Result(format: .markdown, evidence: evidence) }
        if byExtension == .txt { return Result(format: .txt, evidence: evidence) }
        return Result(format: looksLikeMarkdown(sample) ? .markdown : .txt, evidence: evidence)
    }

    private static func binaryFormat(_ bytes: [UInt8], byExtension: DocumentFormat?) -> DocumentFormat? {
        // PDF: the header may follow some junk, within the first kilobyte.
        if let range = find(Array("%PDF-".utf8), in: bytes.prefix(1024)) , range >= 0 { return .pdf }
        // OCF: a zip whose first entry is `mimetype` holding application/epub+zip.
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) {
            if find(Array("application/epub+zip".utf8), in: bytes.prefix(200)) != nil { return .epub }
            if find(Array("META-INF/container.xml".utf8), in: bytes[...]) != nil { return .epub }
            return byExtension == .epub ? .epub : nil
        }
        // Palm database: type and creator at offset 60.
        if bytes.count >= 68 {
            let typeCreator = Array(bytes[60..<68])
            if typeCreator == Array("BOOKMOBI".utf8) {
                return isKF8Only(bytes) ? .azw3 : .mobi
            }
            if typeCreator == Array("TEXtREAd".utf8) { return .mobi }
        }
        return nil
    }

    /// A KF8-only file has MOBI header version 8 in record 0 and no KF8 boundary to a MOBI 6 part.
    private static func isKF8Only(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 82 else { return false }
        let record0 = Int(bytes[78]) << 24 | Int(bytes[79]) << 16 | Int(bytes[80]) << 8 | Int(bytes[81])
        let versionOffset = record0 + 16 + 0x14
        guard record0 + 16 + 4 <= bytes.count, bytes.count >= versionOffset + 4,
              Array(bytes[(record0 + 16)..<(record0 + 20)]) == Array("MOBI".utf8) else { return false }
        let version = Int(bytes[versionOffset]) << 24 | Int(bytes[versionOffset + 1]) << 16
            | Int(bytes[versionOffset + 2]) << 8 | Int(bytes[versionOffset + 3])
        return version == 8
    }

    /// Text: no NUL bytes (BOM-less UTF-16 has many, and is handled by the TXT backend's detector
    /// when the extension says text) and few C0 controls other than whitespace and ESC.
    static func looksLikeText(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        var nuls = 0, controls = 0
        for byte in bytes {
            if byte == 0 { nuls += 1 }
            else if byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, byte != 0x0C, byte != 0x1B { controls += 1 }
        }
        if nuls > 0 {
            // BOM-less UTF-16: NULs in every other position, mostly.
            let evenNuls = stride(from: 0, to: bytes.count, by: 2).filter { bytes[$0] == 0 }.count
            let oddNuls = stride(from: 1, to: bytes.count, by: 2).filter { bytes[$0] == 0 }.count
            let half = bytes.count / 2
            return max(evenNuls, oddNuls) * 10 >= half * 3 && min(evenNuls, oddNuls) * 20 < half
        }
        return controls * 100 <= bytes.count
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

    private static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index - haystack.startIndex
            }
            index += 1
        }
        return nil
    }
}

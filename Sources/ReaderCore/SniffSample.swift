/// What a sniffer sees of a file: its first bytes (up to ``FormatSniffer/sampleSize``), its
/// extension, and the generic facts every sniffer may want, computed once.
public struct SniffSample: Sendable {
    /// The file's first bytes; empty for an empty file.
    public let bytes: [UInt8]
    /// The file name's extension, lower case, without the dot; nil when it has none.
    public let fileExtension: String?
    /// The format whose descriptor lists ``fileExtension``, among the registered ones.
    public let formatByExtension: DocumentFormat?
    /// True when the bytes start with a Unicode byte order mark.
    public let hasByteOrderMark: Bool
    /// True when the bytes are text: a byte order mark, or no NULs (but BOM-less UTF-16's) and
    /// few control characters. An empty sample is text.
    public let isText: Bool

    /// Creates a sample and computes its generic facts.
    public init(bytes: [UInt8], fileExtension: String?, formatByExtension: DocumentFormat? = nil) {
        self.bytes = bytes
        self.fileExtension = fileExtension.map { $0.lowercased() }
        self.formatByExtension = formatByExtension
        self.hasByteOrderMark = FormatSniffer.hasByteOrderMark(bytes)
        self.isText = hasByteOrderMark || FormatSniffer.looksLikeText(bytes)
    }

    /// True when the file is empty.
    public var isEmpty: Bool { bytes.isEmpty }

    /// What a text decision rests on: the byte order mark, else the text heuristic.
    public var textEvidence: FormatSniffer.Evidence { hasByteOrderMark ? .byteOrderMark : .textHeuristic }

    /// True when the bytes start with `prefix`.
    public func hasPrefix(_ prefix: [UInt8]) -> Bool { bytes.starts(with: prefix) }

    /// True when `signature` occurs within the first `limit` bytes (all of the sample when nil).
    public func contains(_ signature: String, within limit: Int? = nil) -> Bool {
        let needle = Array(signature.utf8)
        let haystack = limit.map { bytes.prefix($0) } ?? bytes[...]
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

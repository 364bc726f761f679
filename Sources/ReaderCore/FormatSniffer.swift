/// The generic part of sniffing: how much of a file is read, what a decision rests on, and
/// whether bytes look like text. The checks for one format live in its backend's
/// ``FormatSniffing`` sniffers; ``FormatRegistry`` runs them.
public enum FormatSniffer {
    /// How many leading bytes a sniffer sees.
    public static let sampleSize = 8192

    /// What the decision was based on.
    public enum Evidence: String, Sendable {
        /// A signature such as `%PDF-`, a zip local header, or `BOOKMOBI`.
        case magicBytes = "magic bytes"
        /// A Unicode byte order mark (text).
        case byteOrderMark = "byte order mark"
        /// The bytes look like text; the extension or the text's syntax chose the format.
        case textHeuristic = "text heuristic"
        /// The file is empty, or nothing but its extension names a format it could be (a file named
        /// `.pdf`, `.epub`, `.mobi` or `.azw3` that is too short or wrong to be one).
        case fileExtension = "file extension"
    }

    /// A sniffing decision.
    public struct Result: Hashable, Sendable {
        /// The format decided on.
        public var format: DocumentFormat
        /// Why.
        public var evidence: Evidence

        /// Creates a decision.
        public init(format: DocumentFormat, evidence: Evidence) {
            self.format = format
            self.evidence = evidence
        }
    }

    /// True when the bytes start with a UTF-8, UTF-16 or UTF-32 (big-endian) byte order mark.
    static func hasByteOrderMark(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) || bytes.starts(with: [0xFF, 0xFE])
            || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0, 0, 0xFE, 0xFF])
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
}

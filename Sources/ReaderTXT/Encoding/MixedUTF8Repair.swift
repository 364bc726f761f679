/// UTF-8 text with bytes that are not UTF-8, repaired: where every stray byte is a lone Latin-1
/// (windows-1252) letter between ASCII or valid UTF-8 (a UTF-8 file with a Latin-1 tail, a
/// Latin-1 paragraph pasted in), those bytes are decoded as windows-1252; otherwise each invalid
/// sequence becomes U+FFFD, as before. Either way the counts say what was done.
struct MixedUTF8Repair: Hashable, Sendable {
    /// The bytes decoded as windows-1252.
    var latin1Bytes = 0
    /// The invalid sequences replaced with U+FFFD.
    var replacements = 0

    /// Stray bytes shorter than this many in a row count as Latin-1 letters; a longer run is not
    /// text in any single-byte encoding written by people.
    private static let longestLatin1Run = 3

    /// The repaired text of `bytes` (not well-formed UTF-8) as UTF-8, and what was done.
    static func repair(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: [UInt8], repair: MixedUTF8Repair) {
        let (latin1, stray) = survey(bytes)
        guard latin1 else {
            // Not clearly anything: U+FFFD for each maximal invalid subsequence, as Swift decodes.
            return (Array(String(decoding: bytes, as: UTF8.self).utf8), MixedUTF8Repair(replacements: stray))
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var repair = MixedUTF8Repair()
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0 {
                output.append(contentsOf: bytes[index..<(index + length)])
                index += length
                continue
            }
            if let scalar = windows1252(bytes[index]) {
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
                repair.latin1Bytes += 1
            } else {
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                repair.replacements += 1
            }
            index += 1
        }
        return (output, repair)
    }

    /// Whether every run of invalid bytes is short, mapped by windows-1252 and either inside a word
    /// (an ASCII letter on one side: `caf\u{E9}`) or punctuation (curly quotes, dashes, « »), and how
    /// many invalid bytes there are.
    private static func survey(_ bytes: UnsafeBufferPointer<UInt8>) -> (latin1: Bool, stray: Int) {
        var index = 0, stray = 0, latin1 = true
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0 {
                index += length
                continue
            }
            let start = index
            while index < bytes.count, validSequenceLength(bytes, at: index) == 0 { index += 1 }
            let run = bytes[start..<index]
            stray += run.count
            let mapped = run.allSatisfy { windows1252($0) != nil }
            let inWord = (start > 0 && isASCIILetter(bytes[start - 1])) || (index < bytes.count && isASCIILetter(bytes[index]))
            let punctuation = run.allSatisfy { $0 < 0xC0 }
            if run.count > longestLatin1Run || !mapped || !(inWord || punctuation) { latin1 = false }
        }
        return (latin1 && stray > 0, stray)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or 0 when there is none.
    private static func validSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let length: Int, lowest: UInt8, highest: UInt8
        switch lead {
        case 0xC2...0xDF: (length, lowest, highest) = (2, 0x80, 0xBF)
        case 0xE0: (length, lowest, highest) = (3, 0xA0, 0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, lowest, highest) = (3, 0x80, 0xBF)
        case 0xED: (length, lowest, highest) = (3, 0x80, 0x9F)
        case 0xF0: (length, lowest, highest) = (4, 0x90, 0xBF)
        case 0xF1...0xF3: (length, lowest, highest) = (4, 0x80, 0xBF)
        case 0xF4: (length, lowest, highest) = (4, 0x80, 0x8F)
        default: return 0
        }
        guard index + length <= bytes.count, (lowest...highest).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }

    /// windows-1252's character for a byte of 0x80 and above; nil for its five undefined bytes.
    private static func windows1252(_ byte: UInt8) -> Unicode.Scalar? {
        guard byte >= 0x80 else { return Unicode.Scalar(byte) }
        if byte >= 0xA0 { return Unicode.Scalar(byte) }
        let table: [UInt32] = [0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
                               0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
                               0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178]
        let value = table[Int(byte - 0x80)]
        return value == 0 ? nil : Unicode.Scalar(value)
    }
}

/// A confidence for uchardet's answer, derived from how cleanly the sample decodes in it
/// (uchardet 0.0.7 has no confidence API).
enum StatisticalConfidence {
    /// The ceiling for multi-byte and stateful encodings, whose byte grammar rejects most wrong guesses.
    static let multiByteCeiling = 0.9
    /// The ceiling for single-byte code pages, which decode any byte and mostly differ only in which letters
    /// the high bytes mean, so a clean decode proves little.
    static let singleByteCeiling = 0.7
    /// High-bit bytes needed for full weight of evidence; fewer scale the confidence down towards half.
    static let evidenceBytes = 256.0
    /// How much a suspicious character costs, relative to one non-ASCII character.
    static let penaltyWeight = 10.0

    /// ceiling × cleanliness × (0.5 + 0.5 × evidence), where cleanliness = 1 − 10 × suspicious / non-ASCII
    /// characters (floored at 0), suspicious = U+FFFD plus C0/C1 control characters other than tab, line feed,
    /// form feed and carriage return, and evidence = min(1, high-bit bytes / 256).
    static func confidence(of encoding: TextEncoding, sample: UnsafeRawBufferPointer, isWholeFile: Bool) -> Double {
        guard let decoder = try? TextDecoder(encoding: encoding) else { return 0 }
        let text = decoder.decode(sample)
        var nonASCII = 0, suspicious = 0
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value >= 0x80 { nonASCII += 1 }
            if value == 0xFFFD || (value < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains(value)) || (0x80...0x9F).contains(value) {
                suspicious += 1
            }
        }
        // A character cut by the end of a partial sample is not the encoding's fault.
        if !isWholeFile && text.unicodeScalars.last == "\u{FFFD}" { suspicious -= 1 }
        let highBytes = sample.reduce(0) { $0 + ($1 >= 0x80 ? 1 : 0) }
        let cleanliness = max(0, 1 - penaltyWeight * Double(max(0, suspicious)) / Double(max(1, nonASCII)))
        let evidence = min(1, Double(highBytes) / evidenceBytes)
        let ceiling: Double
        switch encoding.layout {
        case .singleByte: ceiling = singleByteCeiling
        default: ceiling = multiByteCeiling
        }
        return ceiling * cleanliness * (0.5 + 0.5 * evidence)
    }
}

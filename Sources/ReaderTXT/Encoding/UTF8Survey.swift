/// Counts of what a byte sample contains when read as UTF-8 (well-formedness per Unicode Table 3-7).
struct UTF8Survey {
    /// Bytes in the sample.
    private(set) var byteCount = 0
    /// Bytes below 0x80.
    private(set) var asciiBytes = 0
    /// Zero bytes (legacy 8-bit text has none; UTF-16/32 usually has many).
    private(set) var zeroBytes = 0
    /// ESC bytes (ISO-2022 escape sequences).
    private(set) var escapeBytes = 0
    /// Well-formed sequences of two to four bytes.
    private(set) var multiByteSequences = 0
    /// Ill-formed sequences, each maximal ill-formed subpart counted once.
    private(set) var invalidSequences = 0
    /// Whether the sample ends inside a sequence that may be completed by the bytes after it.
    private(set) var endsInsideSequence = false

    /// Surveys `sample`; a sequence cut by the sample's end counts as invalid only when `isWholeFile`.
    init(_ sample: UnsafeRawBufferPointer, isWholeFile: Bool) {
        byteCount = sample.count
        var index = 0
        let count = sample.count
        while index < count {
            let lead = sample[index]
            if lead < 0x80 {
                asciiBytes += 1
                if lead == 0 { zeroBytes += 1 } else if lead == 0x1B { escapeBytes += 1 }
                index += 1
                continue
            }
            let (length, secondRange) = Self.expectation(forLead: lead)
            guard length > 1 else {
                invalidSequences += 1
                index += 1
                continue
            }
            var matched = 1
            while matched < length, index + matched < count {
                let byte = sample[index + matched]
                let allowed = matched == 1 ? secondRange : 0x80...0xBF
                guard allowed.contains(byte) else { break }
                matched += 1
            }
            if matched == length {
                multiByteSequences += 1
            } else if index + matched == count && !isWholeFile {
                endsInsideSequence = true
            } else {
                invalidSequences += 1
            }
            index += matched
        }
    }

    /// The length a lead byte announces (1 for a byte that cannot lead) and the allowed range of the second byte.
    private static func expectation(forLead lead: UInt8) -> (Int, ClosedRange<UInt8>) {
        switch lead {
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (1, 0x80...0xBF)
        }
    }

    /// Whether every byte is ASCII (apart from a sequence cut by the end of a partial sample).
    var isPureASCII: Bool { multiByteSequences == 0 && invalidSequences == 0 }
}

/// Decides the encoding of a text file from a bounded sample of its first bytes.
///
/// Rules, in order: a byte order mark; BOM-less UTF-16/32 recognised from zero bytes (only when the sample
/// has any); well-formed (or nearly well-formed) UTF-8, including pure ASCII; uchardet, refined by
/// ``LegacyRefinement``; and windows-1252 as a last resort. See docs/encoding-detection.md.
public enum EncodingDetector {
    /// Bytes examined from the start of the file (64 KiB).
    public static let sampleSize = 64 << 10

    /// At most one ill-formed UTF-8 sequence per this many bytes is tolerated in text that is otherwise UTF-8.
    static let bytesPerToleratedInvalidSequence = 1000
    /// Text with ill-formed sequences is still UTF-8 only with at least this many well-formed multi-byte
    /// sequences per ill-formed one.
    static let validSequencesPerInvalidSequence = 8
    /// Confidence of the last-resort guess.
    static let fallbackConfidence = 0.2

    /// Detects the encoding of `sample`, the first min(sampleSize, fileSize) bytes of a file; `isWholeFile`
    /// is true when the sample is the whole file (when false, a multi-byte sequence cut at the sample's end
    /// is not held against UTF-8 or the statistical guess).
    public static func detect(sample: UnsafeRawBufferPointer, isWholeFile: Bool) -> EncodingDetection {
        if let mark = ByteOrderMark.detect(sample) {
            return EncodingDetection(encoding: mark.encoding, bomLength: mark.length, confidence: 1, method: .byteOrderMark)
        }
        let survey = UTF8Survey(sample, isWholeFile: isWholeFile)
        if survey.zeroBytes > 0, let wide = WideUnicodeHeuristic.detect(sample) {
            return wide
        }
        if let utf8 = utf8Verdict(survey, sample: sample, isWholeFile: isWholeFile) {
            return utf8
        }
        return statisticalVerdict(sample, survey: survey, isWholeFile: isWholeFile)
    }

    /// UTF-8 when the sample is well-formed, or ill-formed only rarely among many well-formed sequences.
    /// Pure ASCII with ESC bytes is left to uchardet, which recognises ISO-2022 escape sequences.
    ///
    /// Confidence: pure ASCII 1 for a whole file, 0.8 for a partial sample (later bytes are unseen);
    /// well-formed with n multi-byte sequences min(1, 0.8 + 0.0125 n); with k ill-formed sequences
    /// 0.9 × n / (n + 8k).
    static func utf8Verdict(_ survey: UTF8Survey, sample: UnsafeRawBufferPointer, isWholeFile: Bool) -> EncodingDetection? {
        let multi = survey.multiByteSequences, invalid = survey.invalidSequences
        if survey.isPureASCII {
            if survey.escapeBytes > 0, let stateful = statefulVerdict(sample, isWholeFile: isWholeFile) { return stateful }
            return EncodingDetection(encoding: .utf8, confidence: isWholeFile ? 1 : 0.8, method: .utf8Validity)
        }
        if invalid == 0 {
            return EncodingDetection(encoding: .utf8, confidence: min(1, 0.8 + 0.0125 * Double(multi)), method: .utf8Validity)
        }
        let rareEnough = invalid * bytesPerToleratedInvalidSequence <= survey.byteCount
        let outnumbered = multi >= invalid * validSequencesPerInvalidSequence
        guard rareEnough && outnumbered else { return nil }
        let confidence = 0.9 * Double(multi) / Double(multi + invalid * validSequencesPerInvalidSequence)
        return EncodingDetection(encoding: .utf8, confidence: confidence, method: .utf8Validity)
    }

    /// An ISO-2022 encoding when uchardet finds one in 7-bit text with escape sequences.
    private static func statefulVerdict(_ sample: UnsafeRawBufferPointer, isWholeFile: Bool) -> EncodingDetection? {
        guard let name = UchardetDetector.charset(of: sample), let encoding = TextEncoding(name: name),
              encoding.layout == .stateful else { return nil }
        let confidence = StatisticalConfidence.confidence(of: encoding, sample: sample, isWholeFile: isWholeFile)
        return EncodingDetection(encoding: encoding, confidence: confidence, method: .statistical)
    }

    /// uchardet's answer, refined; windows-1252 with low confidence when it has none.
    private static func statisticalVerdict(_ sample: UnsafeRawBufferPointer, survey: UTF8Survey,
                                           isWholeFile: Bool) -> EncodingDetection {
        guard let name = UchardetDetector.charset(of: sample), let reported = TextEncoding(name: name) else {
            return EncodingDetection(encoding: .windows1252, confidence: fallbackConfidence, method: .fallback)
        }
        var encoding = LegacyRefinement.refine(reported, sample: sample, isWholeFile: isWholeFile)
        switch encoding.layout {
        case .utf16, .utf32:
            // uchardet names no byte order; the zero-byte heuristic already declined, so use the usual one.
            encoding = encoding.codeUnitSize == 2 ? .utf16LE : .utf32LE
        default:
            break
        }
        let confidence = StatisticalConfidence.confidence(of: encoding, sample: sample, isWholeFile: isWholeFile)
        return EncodingDetection(encoding: encoding, confidence: confidence, method: .statistical)
    }
}

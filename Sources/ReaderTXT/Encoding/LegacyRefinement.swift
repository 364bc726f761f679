/// Corrections to uchardet's answer where it is known to be weak, each checked against the sample's bytes.
enum LegacyRefinement {
    /// ISO-8859 parts whose Windows code page agrees on the letters but also uses 0x80–0x9F, which the ISO
    /// parts reserve for C1 control codes that never appear in real text.
    private static let windowsCounterparts: [String: String] = [
        "ISO-8859-1": "windows-1252", "ISO-8859-15": "windows-1252", "ISO-8859-2": "windows-1250",
        "ISO-8859-7": "windows-1253", "ISO-8859-8": "windows-1255", "ISO-8859-9": "windows-1254",
        "ISO-8859-13": "windows-1257",
    ]

    /// The encoding to use instead of `reported`, judged from `sample`.
    ///
    /// - GB18030 is GBK (its two-byte subset) when the whole file has no four-byte sequence.
    /// - CP949 (uchardet's "UHC") or EUC-KR: EUC-KR when the whole file's pairs all have lead and trail in
    ///   0xA1–0xFE, else CP949.
    ///
    /// The subset is named only when `isWholeFile`: a partial sample cannot show that the rest of the file
    /// stays inside it, so the superset (which decodes the subset identically) is the claim the bytes support.
    /// - Big5 with lead bytes outside standard Big5 (0x81–0xA0, 0xFA–0xFE) is Big5-HKSCS.
    /// - A Latin-script code page that reads as symbols inside words where windows-1252 reads letters is
    ///   windows-1252 (``WesternReadingCheck``).
    /// - An ISO-8859 part with bytes in 0x80–0x9F is the matching Windows code page.
    static func refine(_ reported: TextEncoding, sample: UnsafeRawBufferPointer, isWholeFile: Bool) -> TextEncoding {
        switch reported {
        case .gb18030, .gbk:
            return isWholeFile && !hasFourByteSequence(sample) ? .gbk : .gb18030
        case .cp949, .eucKR:
            return isWholeFile && !hasUnifiedHangulOnlyPair(sample) ? .eucKR : .cp949
        case .big5:
            return hasExtendedBig5Lead(sample) ? .big5HKSCS : .big5
        default:
            if WesternReadingCheck.prefersWindows1252(over: reported, sample: sample) {
                return .windows1252
            }
            if let windowsName = windowsCounterparts[reported.name], hasC1RangeByte(sample),
               let windows = TextEncoding(name: windowsName) {
                return windows
            }
            return reported
        }
    }

    /// Whether GB18030 text uses a four-byte sequence (lead 0x81–0xFE, then 0x30–0x39).
    static func hasFourByteSequence(_ sample: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index + 1 < sample.count {
            let length = MultiByteScheme.gb18030.sequenceLength(lead: sample[index], next: sample[index + 1])
            if length == 4, index + 3 < sample.count,
               (0x81...0xFE).contains(sample[index + 2]), (0x30...0x39).contains(sample[index + 3]) {
                return true
            }
            index += length
        }
        return false
    }

    /// Whether Korean text has a pair outside EUC-KR's 0xA1–0xFE × 0xA1–0xFE grid (a CP949 extension).
    static func hasUnifiedHangulOnlyPair(_ sample: UnsafeRawBufferPointer) -> Bool {
        containsDoubleBytePair(sample) { lead, trail in
            !(0xA1...0xFE).contains(lead) || !(0xA1...0xFE).contains(trail)
        }
    }

    /// Whether Big5 text has a pair whose lead byte lies outside standard Big5's 0xA1–0xF9.
    static func hasExtendedBig5Lead(_ sample: UnsafeRawBufferPointer) -> Bool {
        containsDoubleBytePair(sample) { lead, _ in lead <= 0xA0 || lead >= 0xFA }
    }

    /// Walks a double-byte encoding (a byte ≥ 0x81 leads a two-byte pair, others stand alone) and
    /// tells whether some pair matches.
    private static func containsDoubleBytePair(_ sample: UnsafeRawBufferPointer,
                                               where matches: (_ lead: UInt8, _ trail: UInt8) -> Bool) -> Bool {
        var index = 0
        while index + 1 < sample.count {
            let lead = sample[index]
            guard lead >= 0x81 else {
                index += 1
                continue
            }
            if matches(lead, sample[index + 1]) { return true }
            index += 2
        }
        return false
    }

    /// Whether any byte lies in 0x80–0x9F.
    static func hasC1RangeByte(_ sample: UnsafeRawBufferPointer) -> Bool {
        sample.contains { (0x80...0x9F).contains($0) }
    }
}

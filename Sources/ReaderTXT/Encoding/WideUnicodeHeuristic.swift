/// Recognises UTF-16 and UTF-32 without a byte order mark from where their zero bytes fall.
///
/// Legacy 8-bit text contains no zero bytes, while UTF-16 text has a zero high byte in every ASCII character
/// (spaces, digits, line feeds) and UTF-32 text a zero top byte in every character. Only samples with zero
/// bytes are examined.
enum WideUnicodeHeuristic {
    /// The largest share of units that may be U+0000 or ill-formed before the sample is rejected.
    static let maximumBadShare = 0.01

    /// The detected encoding, or nil when the sample does not look like BOM-less UTF-16/32.
    static func detect(_ sample: UnsafeRawBufferPointer) -> EncodingDetection? {
        detectUTF32(sample) ?? detectUTF16(sample)
    }

    /// UTF-32: every unit is a scalar (top byte zero, plane ≤ 16, not a surrogate) and few are U+0000.
    private static func detectUTF32(_ sample: UnsafeRawBufferPointer) -> EncodingDetection? {
        let unitCount = sample.count / 4
        guard unitCount >= 2 else { return nil }
        for bigEndian in [false, true] {
            var zeroUnits = 0
            var valid = true
            for unit in 0..<unitCount {
                var value: UInt32 = 0
                for index in 0..<4 {
                    value = value << 8 | UInt32(sample[unit * 4 + (bigEndian ? index : 3 - index)])
                }
                if value == 0 { zeroUnits += 1 }
                if value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
                    valid = false
                    break
                }
            }
            if valid, Double(zeroUnits) <= Double(unitCount) * maximumBadShare {
                return EncodingDetection(encoding: bigEndian ? .utf32BE : .utf32LE,
                                         confidence: unitCount >= 16 ? 0.95 : 0.7, method: .utf16Heuristic)
            }
        }
        return nil
    }

    /// UTF-16: the byte order is the one whose zero bytes fall on the high side (when they clearly do), else
    /// the one whose units land more often in the blocks where text usually lives. The units must be
    /// well-formed, with few U+0000, and mostly in those blocks.
    private static func detectUTF16(_ sample: UnsafeRawBufferPointer) -> EncodingDetection? {
        let unitCount = sample.count / 2
        guard unitCount >= 2 else { return nil }
        var zeroEven = 0, zeroOdd = 0
        for unit in 0..<unitCount {
            if sample[unit * 2] == 0 { zeroEven += 1 }
            if sample[unit * 2 + 1] == 0 { zeroOdd += 1 }
        }
        let littleShare = commonTextShare(sample, unitCount: unitCount, bigEndian: false)
        let bigShare = commonTextShare(sample, unitCount: unitCount, bigEndian: true)
        let bigEndian: Bool, requiredShare: Double
        if zeroOdd > 4 * zeroEven {
            (bigEndian, requiredShare) = (false, minimumCommonShareWithZeroPattern)
        } else if zeroEven > 4 * zeroOdd {
            (bigEndian, requiredShare) = (true, minimumCommonShareWithZeroPattern)
        } else if abs(littleShare - bigShare) >= minimumCommonShareMargin {
            (bigEndian, requiredShare) = (bigShare > littleShare, minimumCommonShare)
        } else {
            return nil
        }
        guard (bigEndian ? bigShare : littleShare) >= requiredShare else { return nil }
        let bad = illFormedOrNullUnits(sample, unitCount: unitCount, bigEndian: bigEndian)
        guard Double(bad) <= Double(unitCount) * maximumBadShare else { return nil }
        let zeroHighShare = Double(bigEndian ? zeroEven : zeroOdd) / Double(unitCount)
        return EncodingDetection(encoding: bigEndian ? .utf16BE : .utf16LE,
                                 confidence: zeroHighShare >= 0.1 ? 0.95 : 0.75, method: .utf16Heuristic)
    }

    /// The smallest share of units in common text blocks for a sample to be UTF-16 when the byte order was
    /// chosen from that share.
    static let minimumCommonShare = 0.8
    /// The same when the zero bytes already chose the byte order (text in rarer scripts still passes).
    static let minimumCommonShareWithZeroPattern = 0.5
    /// How much more often one byte order must land in common blocks when zero bytes do not decide.
    static let minimumCommonShareMargin = 0.2
    /// Units examined for the common-block share.
    static let commonShareUnits = 16_384

    /// Blocks where most text lives: controls and ASCII through Armenian, Hebrew, Arabic; the Indic and
    /// Southeast Asian scripts; Georgian; general punctuation and symbols; CJK punctuation, kana and ideographs;
    /// Hangul syllables; and the compatibility and fullwidth forms.
    private static let commonBlocks: [ClosedRange<UInt16>] = [
        0x0000...0x06FF, 0x0900...0x0EFF, 0x10A0...0x10FF, 0x1E00...0x1FFF, 0x2000...0x27BF,
        0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFFEF,
    ]

    /// The share of the first units (surrogates count as common) that fall in ``commonBlocks``.
    private static func commonTextShare(_ sample: UnsafeRawBufferPointer, unitCount: Int, bigEndian: Bool) -> Double {
        let examined = min(unitCount, commonShareUnits)
        var common = 0
        for index in 0..<examined {
            let first = UInt16(sample[index * 2]), second = UInt16(sample[index * 2 + 1])
            let value = bigEndian ? first << 8 | second : second << 8 | first
            if (0xD800...0xDFFF).contains(value) || commonBlocks.contains(where: { $0.contains(value) }) { common += 1 }
        }
        return Double(common) / Double(max(1, examined))
    }

    /// Units that are U+0000 or unpaired surrogates (a high surrogate cut by the sample's end is not counted).
    private static func illFormedOrNullUnits(_ sample: UnsafeRawBufferPointer, unitCount: Int, bigEndian: Bool) -> Int {
        func unit(_ index: Int) -> UInt16 {
            let first = UInt16(sample[index * 2]), second = UInt16(sample[index * 2 + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        var bad = 0
        var index = 0
        while index < unitCount {
            let value = unit(index)
            switch value {
            case 0:
                bad += 1
            case 0xD800...0xDBFF:
                if index + 1 < unitCount {
                    if (0xDC00...0xDFFF).contains(unit(index + 1)) { index += 1 } else { bad += 1 }
                }
            case 0xDC00...0xDFFF:
                bad += 1
            default:
                break
            }
            index += 1
        }
        return bad
    }
}

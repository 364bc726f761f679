/// The lead-byte rules of an ASCII-compatible multi-byte encoding, enough to step from one character to the next.
///
/// Every scheme here keeps bytes below 0x30 single: they are never lead or trail bytes of a longer sequence.
enum MultiByteScheme: Hashable, Sendable {
    /// GB18030 and its subset GBK: 0x81–0xFE lead a pair, or a four-byte sequence when the next byte is 0x30–0x39.
    case gb18030
    /// Big5 and Big5-HKSCS: 0x81–0xFE lead a pair.
    case big5
    /// Shift_JIS / CP932: 0x81–0x9F and 0xE0–0xFC lead a pair; 0xA1–0xDF are single half-width katakana.
    case shiftJIS
    /// EUC-JP: 0x8E leads a pair, 0x8F a triple, 0xA1–0xFE a pair.
    case eucJP
    /// EUC-KR and its superset CP949 (UHC): 0x81–0xFE lead a pair.
    case eucKR
    /// EUC-TW: 0x8E leads a four-byte sequence, 0xA1–0xFE a pair.
    case eucTW

    /// The length of the character that starts with `lead`; `next` is the byte after it (nil at the end).
    func sequenceLength(lead: UInt8, next: UInt8?) -> Int {
        switch self {
        case .gb18030:
            guard (0x81...0xFE).contains(lead) else { return 1 }
            if let next, (0x30...0x39).contains(next) { return 4 }
            return 2
        case .big5, .eucKR:
            return (0x81...0xFE).contains(lead) ? 2 : 1
        case .shiftJIS:
            return (0x81...0x9F).contains(lead) || (0xE0...0xFC).contains(lead) ? 2 : 1
        case .eucJP:
            if lead == 0x8F { return 3 }
            return lead == 0x8E || (0xA1...0xFE).contains(lead) ? 2 : 1
        case .eucTW:
            if lead == 0x8E { return 4 }
            return (0xA1...0xFE).contains(lead) ? 2 : 1
        }
    }
}

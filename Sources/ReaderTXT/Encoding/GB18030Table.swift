/// What glibc's iconv makes of every GB18030 code below the supplementary planes, as UTF-8 ready to copy.
///
/// Built once, at first use, by converting all two-byte codes and all four-byte codes with leads
/// 0x81–0x84 in a few large iconv calls, so that decoding by lookup gives iconv's answers by construction.
/// Four-byte codes from 0x90308130 map linearly to U+10000…U+10FFFF; every other four-byte code is invalid
/// (the tests check both against iconv).
final class GB18030Table: Sendable {
    /// Trail bytes of a two-byte code: 0x40–0xFE (iconv rejects 0x7F, so its entries are 0).
    static let trailCount = 0xFF - 0x40
    /// Four-byte codes that share a lead byte.
    static let codesPerFourByteLead = 10 * 126 * 10

    /// One entry per two-byte code, at `(lead - 0x81) * trailCount + trail - 0x40`.
    let twoByte: [UInt32]
    /// One entry per four-byte code with lead 0x81–0x84, at its linear index from 0x81308130.
    let fourByte: [UInt32]

    /// The table, or nil when this iconv cannot convert GB18030 (decoding then goes through iconv itself).
    static let shared: GB18030Table? = GB18030Table()

    private init?() {
        var twoByteCodes: [UInt8] = []
        twoByteCodes.reserveCapacity(126 * Self.trailCount * 2)
        for lead in UInt8(0x81)...0xFE {
            for trail in UInt8(0x40)...0xFE { twoByteCodes += [lead, trail] }
        }
        var fourByteCodes: [UInt8] = []
        fourByteCodes.reserveCapacity(4 * Self.codesPerFourByteLead * 4)
        for first in UInt8(0x81)...0x84 {
            for second in UInt8(0x30)...0x39 {
                for third in UInt8(0x81)...0xFE {
                    for fourth in UInt8(0x30)...0x39 { fourByteCodes += [first, second, third, fourth] }
                }
            }
        }
        guard let converter = GB18030CodeConverter(),
              let twoByte = converter.entries(twoByteCodes, width: 2),
              let fourByte = converter.entries(fourByteCodes, width: 4) else { return nil }
        self.twoByte = twoByte
        self.fourByte = fourByte
    }

    /// A table entry for `scalar`: its UTF-8 bytes in the low three bytes (first byte lowest) and their count
    /// in the high byte; for a supplementary scalar, 4 in the high byte and the scalar itself below. 0 means
    /// "not a character".
    @inline(__always)
    static func entry(for scalar: UInt32) -> UInt32 {
        if scalar < 0x80 { return 1 << 24 | scalar }
        if scalar < 0x800 { return 2 << 24 | (0x80 | scalar & 0x3F) << 8 | (0xC0 | scalar >> 6) }
        if scalar < 0x10000 {
            return 3 << 24 | (0x80 | scalar & 0x3F) << 16 | (0x80 | scalar >> 6 & 0x3F) << 8 | (0xE0 | scalar >> 12)
        }
        return 4 << 24 | scalar
    }
}

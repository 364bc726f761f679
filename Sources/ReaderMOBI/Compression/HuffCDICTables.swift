import ReaderCore

/// The code tables and phrase dictionary of Kindlegen's HUFF/CDIC compression, read from one
/// HUFF record and the CDIC records after it.
///
/// The HUFF record (`HUFF`, header length, then the offsets of two tables) holds a 256-entry
/// cache indexed by the next 8 bits of input, each entry a code length (low 5 bits), a
/// "terminal" flag (0x80) and, when terminal, the largest code of that length (bits 8 and up);
/// and a 64-entry base table of the smallest and largest code of each length 1 to 32. Each CDIC
/// record (`CDIC`, header length, total phrase count, code bits) holds up to 2^bits phrases: a
/// table of 16-bit offsets, counted from byte 16, to phrases that open with a 16-bit length
/// whose high bit says the phrase is plain bytes; phrases without it are themselves compressed.
struct HuffCDICTables: Sendable {
    /// One cache entry per value of the next 8 input bits.
    struct CacheEntry: Sendable {
        /// The code length, 0 when the entry is unusable.
        var length: UInt8
        /// Whether `length` is final; otherwise longer lengths are tried against ``minCodes``.
        var isTerminal: Bool
        /// The largest code of this length, left-aligned in 32 bits (for terminal entries).
        var maxCode: UInt32
    }

    /// A dictionary phrase as stored.
    struct Phrase: Sendable {
        /// The phrase's bytes (without the length prefix).
        var bytes: ArraySlice<UInt8>
        /// True when the bytes are plain text, false when they are HUFF/CDIC-compressed.
        var isLiteral: Bool
    }

    /// The 256 cache entries.
    var cache: [CacheEntry]
    /// The smallest code of each length 0…32, left-aligned in 32 bits.
    var minCodes: [UInt32]
    /// The largest code of each length 0…32, left-aligned in 32 bits.
    var maxCodes: [UInt32]
    /// Every phrase of every CDIC record, in order; a decoded code is an index into this list.
    var phrases: [Phrase]
    /// How many phrases a CDIC record holds at most, as a power of two.
    var codeBits: Int

    /// Parses the HUFF record and the CDIC records that follow it.
    /// - Throws: ``ReaderError`` `malformed` for a wrong magic, a table or phrase that does not fit
    ///   its record, CDIC records that disagree, or fewer phrases than announced.
    static func parse(huff: [UInt8], cdics: [[UInt8]]) throws(ReaderError) -> HuffCDICTables {
        guard huff.count >= 16, huff[0..<4].elementsEqual("HUFF".utf8) else {
            throw ReaderError(.malformed, reason: "the HUFF record has no HUFF magic")
        }
        guard let headerLength = ByteReader.uint32(huff, at: 4), headerLength >= 16,
              let cacheOffset = ByteReader.uint32(huff, at: 8).map(Int.init),
              let baseOffset = ByteReader.uint32(huff, at: 12).map(Int.init)
        else { throw ReaderError(.malformed, reason: "the HUFF header is cut short") }
        guard cacheOffset <= huff.count - 256 * 4 else {
            throw ReaderError(.malformed, reason: "the HUFF cache table at \(cacheOffset) passes the record's \(huff.count) bytes")
        }
        guard baseOffset <= huff.count - 64 * 4 else {
            throw ReaderError(.malformed, reason: "the HUFF base table at \(baseOffset) passes the record's \(huff.count) bytes")
        }
        let cache = (0..<256).map { index -> CacheEntry in
            let value = ByteReader.uint32(huff, at: cacheOffset + 4 * index)!
            let length = UInt8(value & 0x1F)
            let maxCode = length == 0 ? 0 : ((value >> 8) &+ 1) &<< UInt32(32 - length) &- 1
            return CacheEntry(length: length, isTerminal: value & 0x80 != 0, maxCode: maxCode)
        }
        var minCodes: [UInt32] = [0]
        var maxCodes: [UInt32] = [0xFFFF_FFFF]
        for length in 1...32 {
            let low = ByteReader.uint32(huff, at: baseOffset + 8 * (length - 1))!
            let high = ByteReader.uint32(huff, at: baseOffset + 8 * (length - 1) + 4)!
            let shift = UInt32(32 - length)
            minCodes.append(low &<< shift)
            maxCodes.append((high &+ 1) &<< shift &- 1)
        }
        let (phrases, codeBits) = try parsePhrases(cdics)
        return HuffCDICTables(cache: cache, minCodes: minCodes, maxCodes: maxCodes, phrases: phrases, codeBits: codeBits)
    }

    /// Collects the phrases of the CDIC records.
    private static func parsePhrases(_ cdics: [[UInt8]]) throws(ReaderError) -> ([Phrase], Int) {
        guard !cdics.isEmpty else { throw ReaderError(.malformed, reason: "there is a HUFF record but no CDIC record") }
        var phrases: [Phrase] = []
        var total: Int?
        var bits: Int?
        for (number, cdic) in cdics.enumerated() {
            guard cdic.count >= 16, cdic[0..<4].elementsEqual("CDIC".utf8),
                  let headerLength = ByteReader.uint32(cdic, at: 4), headerLength >= 16,
                  let count = ByteReader.uint32(cdic, at: 8).map(Int.init),
                  let codeBits = ByteReader.uint32(cdic, at: 12).map(Int.init)
            else { throw ReaderError(.malformed, reason: "CDIC record \(number) has no CDIC header") }
            guard (1...16).contains(codeBits) else {
                throw ReaderError(.malformed, reason: "CDIC record \(number) declares \(codeBits) code bits")
            }
            guard total == nil || (total == count && bits == codeBits) else {
                throw ReaderError(.malformed, reason: "CDIC record \(number) disagrees with the first on the phrase count or code bits")
            }
            guard count > 0, count <= cdics.count << codeBits else {
                throw ReaderError(.malformed, reason: "the CDIC records announce \(count) phrases, more than \(cdics.count) records of \(1 << codeBits) hold")
            }
            total = count
            bits = codeBits
            let here = min(1 << codeBits, count - phrases.count)
            guard 16 + 2 * here <= cdic.count else {
                throw ReaderError(.malformed, reason: "the phrase offsets of CDIC record \(number) pass its end")
            }
            for slot in 0..<here {
                let offset = 16 + Int(ByteReader.uint16(cdic, at: 16 + 2 * slot)!)
                guard let prefix = ByteReader.uint16(cdic, at: offset) else {
                    throw ReaderError(.malformed, reason: "phrase \(phrases.count) lies at \(offset), past the end of CDIC record \(number)")
                }
                let length = Int(prefix & 0x7FFF)
                guard length <= cdic.count - offset - 2 else {
                    throw ReaderError(.malformed, reason: "phrase \(phrases.count) (\(length) bytes at \(offset)) passes the end of CDIC record \(number)")
                }
                phrases.append(Phrase(bytes: cdic[(offset + 2)..<(offset + 2 + length)], isLiteral: prefix & 0x8000 != 0))
            }
        }
        guard let total, let bits, phrases.count == total else {
            throw ReaderError(.malformed, reason: "the CDIC records hold \(phrases.count) of the \(total ?? 0) phrases they announce")
        }
        return (phrases, bits)
    }
}

import ReaderCore

/// Recognises a Palm database by its type and creator at offset 60 (priority 100): `BOOKMOBI` is
/// AZW3 when record 0 holds MOBI header version 8 (a KF8-only book), else MOBI; `TEXtREAd`
/// (PalmDOC) is MOBI. A file starting with a zip local header is a zip, never a database.
struct MOBISniffer: FormatSniffing {
    var priority: Int { 100 }

    func sniff(_ sample: SniffSample) -> FormatSniffer.Result? {
        let bytes = sample.bytes
        guard bytes.count >= 68, !sample.hasPrefix([0x50, 0x4B, 0x03, 0x04]) else { return nil }
        let typeCreator = Array(bytes[60..<68])
        if typeCreator == Array("BOOKMOBI".utf8) {
            return FormatSniffer.Result(format: Self.isKF8Only(bytes) ? .azw3 : .mobi, evidence: .magicBytes)
        }
        if typeCreator == Array("TEXtREAd".utf8) { return FormatSniffer.Result(format: .mobi, evidence: .magicBytes) }
        return nil
    }

    /// A KF8-only file has MOBI header version 8 in record 0 and no KF8 boundary to a MOBI 6 part.
    static func isKF8Only(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 82 else { return false }
        let record0 = Int(bytes[78]) << 24 | Int(bytes[79]) << 16 | Int(bytes[80]) << 8 | Int(bytes[81])
        let versionOffset = record0 + 16 + 0x14
        guard record0 + 16 + 4 <= bytes.count, bytes.count >= versionOffset + 4,
              Array(bytes[(record0 + 16)..<(record0 + 20)]) == Array("MOBI".utf8) else { return false }
        let version = Int(bytes[versionOffset]) << 24 | Int(bytes[versionOffset + 1]) << 16
            | Int(bytes[versionOffset + 2]) << 8 | Int(bytes[versionOffset + 3])
        return version == 8
    }
}

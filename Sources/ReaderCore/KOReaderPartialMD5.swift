import Crypto

/// KOReader's "partial MD5" of a file, the document key its sync server (KOSync) and its
/// statistics use: the MD5 of up to twelve 1024-byte samples read at offsets 0 and
/// 1024 × 4^k for k = 0…10, stopping at the first offset past the end of the file. A sample
/// cut short by the end of the file is hashed as it is.
///
/// KOReader writes the first offset as `lshift(1024, -2)`, which LuaJIT's 32-bit shift turns
/// into 0, not 256; hashing from 256 would give keys no KOReader device knows.
public enum KOReaderPartialMD5 {
    /// Bytes read at each offset.
    public static let sampleSize = 1024
    /// Where the samples are read, in order.
    public static let sampleOffsets: [Int] = [0] + (0...10).map { 1024 << (2 * $0) }

    /// The partial MD5 of a file as 32 lower-case hex digits. Reads at most 12 KiB.
    /// - Throws: ``ReaderError`` when the file cannot be opened or read.
    public static func compute(path: String) throws(ReaderError) -> String {
        let file = try ReadOnlyFile(path: path)
        var hasher = Insecure.MD5()
        for offset in sampleOffsets {
            let sample = try file.read(at: offset, count: sampleSize)
            if sample.isEmpty { break }
            hasher.update(data: sample)
        }
        return Array(hasher.finalize()).lowercaseHex
    }
}

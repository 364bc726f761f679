import ReaderCore

/// The "extra record data" that ends each text record of a MOBI book, to be cut off before
/// decompression.
///
/// The MOBI header's extra-data flags say which entries are there. Every set bit above bit 0 adds
/// one entry whose size (itself included) is a variable-width integer stored backwards at the
/// current end of the record: read from the last byte towards the front, 7 bits a byte, until a
/// byte with its high bit set (or 4 bytes). They are removed from the highest bit down. Bit 0,
/// removed last, is the multibyte overlap: the last remaining byte's low two bits plus one give
/// its length, that byte included.
enum TrailingEntries {
    /// The length of `record`'s text once the entries `flags` announce are cut off.
    /// - Throws: ``ReaderError`` `malformed` when an entry is larger than what is left of the record.
    static func contentLength(of record: UnsafeBufferPointer<UInt8>, flags: UInt16) throws(ReaderError) -> Int {
        var end = record.count
        guard flags != 0, end > 0 else { return end }
        var bit = 15
        while bit > 0 {
            defer { bit -= 1 }
            guard flags & (1 << bit) != 0 else { continue }
            var size = 0
            var used = 0
            while used < 4, end - used > 0 {
                let byte = record[end - 1 - used]
                size |= Int(byte & 0x7F) << (7 * used)
                used += 1
                if byte & 0x80 != 0 { break }
            }
            guard used > 0, size >= used, size <= end else {
                throw ReaderError(.malformed, reason: "trailing entry \(bit) claims \(size) bytes but \(end) remain")
            }
            end -= size
        }
        if flags & 1 != 0, end > 0 {
            let size = Int(record[end - 1] & 0x3) + 1
            guard size <= end else {
                throw ReaderError(.malformed, reason: "the multibyte overlap claims \(size) bytes but \(end) remain")
            }
            end -= size
        }
        return end
    }

    /// The length of `record`'s text once the entries `flags` announce are cut off.
    /// - Throws: ``ReaderError`` `malformed` when an entry is larger than what is left of the record.
    static func contentLength(of record: [UInt8], flags: UInt16) throws(ReaderError) -> Int {
        let result: Result<Int, ReaderError> = record.withUnsafeBufferPointer { buffer in
            do throws(ReaderError) {
                return .success(try contentLength(of: buffer, flags: flags))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

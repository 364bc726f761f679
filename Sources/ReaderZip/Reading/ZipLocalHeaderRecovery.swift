/// Rebuilds an archive whose central directory is missing or damaged from the local file headers
/// that are intact, as `zip -FF` does: each entry's local header gives its name, method, CRC and
/// sizes (or, with general-purpose flag bit 3, its data descriptor does), and a new central
/// directory and end record are written after them.
///
/// The local records stay at their offsets (the file's bytes up to the end of the last one are
/// copied as they are), so the rebuilt archive reads through libzip like any other and every
/// entry's CRC and length are still checked when it is read. An entry cut short by the end of the
/// file is kept with the bytes that remain: reading it fails its check, which a reader reports as
/// damage instead of losing the entry without a word.
enum ZipLocalHeaderRecovery {
    /// What was recovered: the archive bytes, and the entries found and cut short.
    struct Result {
        var bytes: [UInt8]
        var entryCount: Int
        var truncatedEntries: [String]
    }

    private static let localSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    private static let centralSignature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
    private static let descriptorSignature: [UInt8] = [0x50, 0x4B, 0x07, 0x08]
    private static let maxEntries = 65_535

    /// The rebuilt archive, or nil when the bytes hold no readable local header.
    static func rebuild(_ file: [UInt8]) -> Result? {
        var records: [(header: LocalHeader, offset: Int, compressedSize: Int, crc: UInt32, size: Int)] = []
        var truncated: [String] = []
        var offset = 0
        var end = 0
        while records.count < maxEntries, let start = find(localSignature, in: file, from: offset) {
            guard let header = LocalHeader(file, at: start) else {
                offset = start + 4
                continue
            }
            let dataStart = header.dataStart
            var compressedSize = header.compressedSize
            var crc = header.crc32
            var size = header.size
            if header.hasDataDescriptor, let descriptor = findDescriptor(in: file, dataStart: dataStart) {
                (compressedSize, crc, size) = (descriptor.compressedSize, descriptor.crc32, descriptor.size)
            } else if header.hasDataDescriptor {
                // No descriptor: the data runs to the next header or the end of the file.
                let next = [find(localSignature, in: file, from: dataStart), find(centralSignature, in: file, from: dataStart)]
                    .compactMap { $0 }.min() ?? file.count
                compressedSize = next - dataStart
                truncated.append(header.name)
            }
            if dataStart + compressedSize > file.count {
                compressedSize = file.count - dataStart
                truncated.append(header.name)
            }
            records.append((header, start, compressedSize, crc, size))
            end = dataStart + compressedSize
            offset = max(end, start + 4)
        }
        guard !records.isEmpty, end <= UInt32.max else { return nil }
        var bytes = Array(file[..<end])
        let directoryStart = bytes.count
        for record in records {
            let header = record.header
            bytes += centralSignature
            bytes.append(littleEndian: UInt16(20))            // made by
            bytes.append(littleEndian: header.versionNeeded)
            bytes.append(littleEndian: header.flags & ~0x0008) // sizes are in this record
            bytes.append(littleEndian: header.method)
            bytes.append(littleEndian: header.time)
            bytes.append(littleEndian: header.date)
            bytes.append(littleEndian: record.crc)
            bytes.append(littleEndian: UInt32(clamping: record.compressedSize))
            bytes.append(littleEndian: UInt32(clamping: record.size))
            bytes.append(littleEndian: UInt16(header.nameBytes.count))
            bytes.append(littleEndian: UInt16(0))              // extra
            bytes.append(littleEndian: UInt16(0))              // comment
            bytes.append(littleEndian: UInt16(0))              // disk
            bytes.append(littleEndian: UInt16(0))              // internal attributes
            bytes.append(littleEndian: UInt32(0))              // external attributes
            bytes.append(littleEndian: UInt32(record.offset))
            bytes += header.nameBytes
        }
        let directorySize = bytes.count - directoryStart
        bytes += [0x50, 0x4B, 0x05, 0x06, 0, 0, 0, 0]
        bytes.append(littleEndian: UInt16(records.count))
        bytes.append(littleEndian: UInt16(records.count))
        bytes.append(littleEndian: UInt32(directorySize))
        bytes.append(littleEndian: UInt32(directoryStart))
        bytes.append(littleEndian: UInt16(0))
        return Result(bytes: bytes, entryCount: records.count, truncatedEntries: truncated)
    }

    /// A local file header whose fixed part and name lie inside the file.
    private struct LocalHeader {
        var versionNeeded: UInt16
        var flags: UInt16
        var method: UInt16
        var time: UInt16
        var date: UInt16
        var crc32: UInt32
        var compressedSize: Int
        var size: Int
        var nameBytes: [UInt8]
        var dataStart: Int

        var hasDataDescriptor: Bool { flags & 0x0008 != 0 }
        var name: String { String(decoding: nameBytes, as: UTF8.self) }

        init?(_ file: [UInt8], at offset: Int) {
            guard offset + 30 <= file.count else { return nil }
            versionNeeded = file.littleEndianUInt16(at: offset + 4)
            flags = file.littleEndianUInt16(at: offset + 6)
            method = file.littleEndianUInt16(at: offset + 8)
            time = file.littleEndianUInt16(at: offset + 10)
            date = file.littleEndianUInt16(at: offset + 12)
            crc32 = file.littleEndianUInt32(at: offset + 14)
            compressedSize = Int(file.littleEndianUInt32(at: offset + 18))
            size = Int(file.littleEndianUInt32(at: offset + 22))
            let nameLength = Int(file.littleEndianUInt16(at: offset + 26))
            let extraLength = Int(file.littleEndianUInt16(at: offset + 28))
            // Stored or deflated only, a name, and an extra field that fits: anything else is not a header.
            guard method == 0 || method == 8, nameLength > 0,
                  offset + 30 + nameLength + extraLength <= file.count else { return nil }
            nameBytes = Array(file[(offset + 30)..<(offset + 30 + nameLength)])
            dataStart = offset + 30 + nameLength + extraLength
        }
    }

    /// The data descriptor after an entry's data: a signed one whose compressed size is the
    /// distance from the data's start, else an unsigned one just before the next header.
    private static func findDescriptor(in file: [UInt8], dataStart: Int)
        -> (compressedSize: Int, crc32: UInt32, size: Int)? {
        var from = dataStart
        while let at = find(descriptorSignature, in: file, from: from), at + 16 <= file.count {
            if Int(file.littleEndianUInt32(at: at + 8)) == at - dataStart {
                return (at - dataStart, file.littleEndianUInt32(at: at + 4), Int(file.littleEndianUInt32(at: at + 12)))
            }
            from = at + 1
        }
        from = dataStart
        while let next = [find(localSignature, in: file, from: from), find(centralSignature, in: file, from: from)]
            .compactMap({ $0 }).min() {
            let at = next - 12
            if at >= dataStart, Int(file.littleEndianUInt32(at: at + 4)) == at - dataStart {
                return (at - dataStart, file.littleEndianUInt32(at: at), Int(file.littleEndianUInt32(at: at + 8)))
            }
            from = next + 1
        }
        return nil
    }

    /// The first offset at or after `from` where `signature` starts.
    private static func find(_ signature: [UInt8], in file: [UInt8], from: Int) -> Int? {
        guard from >= 0, file.count >= signature.count else { return nil }
        var index = from
        let last = file.count - signature.count
        while index <= last {
            if file[index] == signature[0], file[index + 1] == signature[1], file[index + 2] == signature[2],
               file[index + 3] == signature[3] {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension [UInt8] {
    fileprivate func littleEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    fileprivate func littleEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16 | UInt32(self[offset + 3]) << 24
    }
}

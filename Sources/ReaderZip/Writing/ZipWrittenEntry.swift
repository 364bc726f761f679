/// What the writer keeps of an entry it wrote: enough for its local header and its
/// central-directory record, which must agree byte for byte.
struct ZipWrittenEntry {
    let name: String
    let nameBytes: [UInt8]
    let compression: ZipCompression
    let crc32: UInt32
    let size: UInt32
    let compressedSize: UInt32
    /// Where the local header starts.
    let offset: UInt32

    private var isDirectory: Bool { name.hasSuffix("/") }

    /// 2.0 for deflate and folders, 1.0 for a stored file (APPNOTE 4.4.3.2).
    private var versionNeeded: UInt16 { compression == .deflate || isDirectory ? 20 : 10 }

    /// Bit 11 (the name is UTF-8) for a name beyond ASCII; nothing else: no encryption, no data
    /// descriptor, no deflate-level hint.
    private var flags: UInt16 { nameBytes.contains { $0 >= 0x80 } ? 1 << 11 : 0 }

    /// Unix mode bits, the same for every archive: `rw-r--r--` files, `rwxr-xr-x` folders (which
    /// also carry the MS-DOS folder bit).
    private var externalAttributes: UInt32 { isDirectory ? 0o040755 << 16 | 0x10 : 0o100644 << 16 }

    /// The local file header (30 bytes, then the name, and no extra field).
    func localHeader(modified: ZipTimestamp) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(30 + nameBytes.count)
        bytes.append(littleEndian: 0x0403_4B50 as UInt32)
        bytes.append(littleEndian: versionNeeded)
        appendCommonFields(to: &bytes, modified: modified)
        bytes.append(littleEndian: 0 as UInt16)  // extra field length
        bytes += nameBytes
        return bytes
    }

    /// The central-directory record (46 bytes, then the name; no extra field, no comment).
    func centralRecord(modified: ZipTimestamp) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(46 + nameBytes.count)
        bytes.append(littleEndian: 0x0201_4B50 as UInt32)
        bytes.append(littleEndian: 3 << 8 | 20 as UInt16)  // made by: Unix, APPNOTE 2.0
        bytes.append(littleEndian: versionNeeded)
        appendCommonFields(to: &bytes, modified: modified)
        bytes.append(littleEndian: 0 as UInt16)  // extra field length
        bytes.append(littleEndian: 0 as UInt16)  // comment length
        bytes.append(littleEndian: 0 as UInt16)  // disk number
        bytes.append(littleEndian: 0 as UInt16)  // internal attributes
        bytes.append(littleEndian: externalAttributes)
        bytes.append(littleEndian: offset)
        bytes += nameBytes
        return bytes
    }

    /// Flags, method, time, date, CRC, sizes and name length: the fields both headers share.
    private func appendCommonFields(to bytes: inout [UInt8], modified: ZipTimestamp) {
        bytes.append(littleEndian: flags)
        bytes.append(littleEndian: compression.rawValue)
        bytes.append(littleEndian: modified.dosTime)
        bytes.append(littleEndian: modified.dosDate)
        bytes.append(littleEndian: crc32)
        bytes.append(littleEndian: compressedSize)
        bytes.append(littleEndian: size)
        bytes.append(littleEndian: UInt16(nameBytes.count))
    }
}

/// Builds a zip archive whose entries are stored (not compressed), with correct CRCs, so that a
/// fuzzed document inside it reaches the parsers instead of failing the archive's checks.
public struct StoredZip {
    private var entries: [(name: String, bytes: [UInt8])] = []

    /// Creates an empty archive.
    public init() {}

    /// Adds an entry; entries are written in the order added.
    public mutating func add(_ name: String, _ bytes: [UInt8]) {
        entries.append((name, bytes))
    }

    /// Adds a text entry, UTF-8 encoded.
    public mutating func add(_ name: String, text: String) {
        add(name, Array(text.utf8))
    }

    /// The archive's bytes: local headers and data, the central directory, its end record.
    public var bytes: [UInt8] {
        var output: [UInt8] = []
        var directory: [UInt8] = []
        for (name, data) in entries {
            let nameBytes = Array(name.utf8)
            let crc = CRC32.checksum(data)
            let offset = output.count
            output.append(le32: 0x0403_4B50)
            output.append(le16: 20, 0, 0, 0, 0x21)  // version, flags, stored, time, date
            output.append(le32: crc, UInt32(data.count), UInt32(data.count))
            output.append(le16: UInt16(nameBytes.count), 0)
            output += nameBytes
            output += data

            directory.append(le32: 0x0201_4B50)
            directory.append(le16: 20, 20, 0, 0, 0, 0x21)  // made by, needed, flags, stored, time, date
            directory.append(le32: crc, UInt32(data.count), UInt32(data.count))
            directory.append(le16: UInt16(nameBytes.count), 0, 0, 0, 0)  // name, extra, comment, disk, internal
            directory.append(le32: 0, UInt32(offset))  // external attributes, local header offset
            directory += nameBytes
        }
        let directoryOffset = output.count
        output += directory
        output.append(le32: 0x0605_4B50)
        output.append(le16: 0, 0, UInt16(entries.count), UInt16(entries.count))
        output.append(le32: UInt32(directory.count), UInt32(directoryOffset))
        output.append(le16: 0)
        return output
    }
}

extension [UInt8] {
    fileprivate mutating func append(le16 values: UInt16...) {
        for value in values { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    }

    fileprivate mutating func append(le32 values: UInt32...) {
        for value in values {
            append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)])
        }
    }
}

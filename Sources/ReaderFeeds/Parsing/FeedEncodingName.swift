/// The name of the encoding a feed was read in, as feed readers report it, and the name given to
/// the decoder (a superset where one is safer: GB18030 for GB2312, UTF-8 for US-ASCII).
enum FeedEncodingName {
    /// The encoding to report: the transport's charset, else (for `text/*` types without one)
    /// US-ASCII as RFC 3023 says, else the byte order the bytes show for UTF-16 and UTF-32, else the
    /// declaration, else UTF-8.
    static func reported(origin: FeedOrigin, bytes: [UInt8], declared: String?) -> String {
        if let charset = origin.charset { return upgraded(charset) }
        if let type = origin.contentType?.lowercased(), type.hasPrefix("text/") { return "us-ascii" }
        if let shape = byteShape(bytes) { return shape }
        return upgraded(declared?.lowercased() ?? "utf-8")
    }

    /// The name handed to libxml2.
    static func decodingName(_ charset: String) -> String {
        switch charset {
        case "us-ascii", "ascii": "utf-8"
        case "gb2312", "gbk": "gb18030"
        default: charset
        }
    }

    private static func upgraded(_ name: String) -> String {
        name == "gb2312" || name == "gbk" ? "gb18030" : name
    }

    /// UTF-16 or UTF-32 and their byte order, from a byte order mark or the shape of `<?`.
    static func byteShape(_ bytes: [UInt8]) -> String? {
        let head = Array(bytes.prefix(4))
        guard head.count == 4 else { return nil }
        switch (head[0], head[1], head[2], head[3]) {
        case (0x00, 0x00, 0xFE, 0xFF), (0x00, 0x00, 0x00, 0x3C): return "utf-32be"
        case (0xFF, 0xFE, 0x00, 0x00), (0x3C, 0x00, 0x00, 0x00): return "utf-32le"
        case (0xFE, 0xFF, _, _), (0x00, 0x3C, 0x00, _): return "utf-16be"
        case (0xFF, 0xFE, _, _), (0x3C, 0x00, _, 0x00): return "utf-16le"
        default: return nil
        }
    }

    /// Bytes in UTF-16 or UTF-32 (as ``byteShape(_:)`` names them) as UTF-8, the byte order mark
    /// and the XML declaration (whose encoding no longer holds) left out.
    static func transcodedToUTF8(_ bytes: [UInt8], shape: String) -> [UInt8] {
        let bigEndian = shape.hasSuffix("be")
        var text: String
        if shape.hasPrefix("utf-32") {
            var units: [UInt32] = []
            units.reserveCapacity(bytes.count / 4)
            var index = 0
            while index + 3 < bytes.count {
                let b = (UInt32(bytes[index]), UInt32(bytes[index + 1]), UInt32(bytes[index + 2]), UInt32(bytes[index + 3]))
                units.append(bigEndian ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0)
                index += 4
            }
            text = String(decoding: units, as: UTF32.self)
        } else {
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = 0
            while index + 1 < bytes.count {
                let b = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(bigEndian ? b.0 << 8 | b.1 : b.1 << 8 | b.0)
                index += 2
            }
            text = String(decoding: units, as: UTF16.self)
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.hasPrefix("<?xml"), let end = text.range(of: "?>") { text = String(text[end.upperBound...]) }
        return Array(text.utf8)
    }
}

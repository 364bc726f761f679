/// The listing's JSON written by hand: the same bytes `JSONEncoder` writes with `.sortedKeys` and
/// `.withoutEscapingSlashes` (a test holds them equal), in a fraction of its time; a cold listing
/// of 5,000 articles spent a third of its single-threaded part in the encoder.
extension ViewerFile {
    /// `entries` as a JSON array.
    static func json(_ entries: [ViewerFile]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 700)
        out.append(UInt8(ascii: "["))
        for (index, entry) in entries.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            entry.appendJSON(to: &out)
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// Appends the entry as a JSON object, keys in sorted order, `summary` only when set.
    func appendJSON(to out: inout [UInt8]) {
        var first = true
        func key(_ name: StaticString) {
            out.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            first = false
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            out.append(contentsOf: "\":".utf8)
        }
        func string(_ name: StaticString, _ value: String) {
            key(name)
            Self.appendString(value, to: &out)
        }
        key("author"); Self.appendString(author, to: &out)
        key("bookmarked"); Self.appendString(bookmarked, to: &out)
        key("categories")
        out.append(UInt8(ascii: "["))
        for (index, category) in categories.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            Self.appendString(category, to: &out)
        }
        out.append(UInt8(ascii: "]"))
        key("commentCount"); out.append(contentsOf: String(commentCount).utf8)
        string("commentsUrl", commentsUrl)
        string("domain", domain)
        string("enclosureDuration", enclosureDuration)
        string("enclosureType", enclosureType)
        string("enclosureUrl", enclosureUrl)
        string("excerpt", excerpt)
        string("favicon", favicon)
        string("feed", feed)
        string("filename", filename)
        key("hasSummary"); out.append(contentsOf: (hasSummary ? "true" : "false").utf8)
        string("image", image)
        string("mtime", mtime)
        if let summary { string("summary", summary) }
        string("summaryModel", summaryModel)
        string("summaryProvider", summaryProvider)
        string("title", title)
        string("url", url)
        string("videoEnclosureType", videoEnclosureType)
        string("videoEnclosureUrl", videoEnclosureUrl)
        out.append(UInt8(ascii: "}"))
    }

    /// A JSON string as JSONEncoder writes it: `"` and `\` escaped, the C0 controls as `\b \f \n \r
    /// \t` or `\u00xx`, everything else (`/` and non-ASCII included) as it is.
    static func appendString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x08: out.append(contentsOf: "\\b".utf8)
            case 0x0C: out.append(contentsOf: "\\f".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

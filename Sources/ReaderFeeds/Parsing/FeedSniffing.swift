/// Byte-level facts about feed files, shared by the sniffer and the parser.
enum FeedSniffing {
    /// The bytes after a UTF-8 BOM and leading white space.
    static func contentStart(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        var slice = bytes[...]
        if slice.starts(with: [0xEF, 0xBB, 0xBF]) { slice = slice.dropFirst(3) }
        return slice.drop { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// JSON: the first character is `{`.
    static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        contentStart(bytes).first == UInt8(ascii: "{")
    }

    /// A JSON Feed: JSON naming a jsonfeed.org version near its start.
    static func looksLikeJSONFeed(_ bytes: [UInt8]) -> Bool {
        guard looksLikeJSON(bytes) else { return false }
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        return text.contains("jsonfeed.org/version")
    }

    /// The root element of XML text (after the declaration, comments, processing instructions and
    /// a doctype), lower case, prefix kept (`rss`, `rdf:rdf`, `feed`, `html`); nil when the bytes
    /// are not XML-like UTF-8 or ASCII-compatible text. UTF-16 is decoded first.
    static func rootElementName(_ bytes: [UInt8]) -> String? {
        var text = ""
        if let shape = FeedEncodingName.byteShape(bytes), shape.hasPrefix("utf-32") {
            text = String(decoding: FeedEncodingName.transcodedToUTF8(Array(bytes.prefix(4096)), shape: shape), as: UTF8.self)
        } else if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) || (bytes.count > 1 && (bytes[0] == 0 || bytes[1] == 0)) {
            let bigEndian = bytes.starts(with: [0xFE, 0xFF]) || (bytes.count > 1 && bytes[0] == 0)
            var units: [UInt16] = []
            var index = bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) ? 2 : 0
            while index + 1 < bytes.count {
                units.append(bigEndian ? UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]) : UInt16(bytes[index + 1]) << 8 | UInt16(bytes[index]))
                index += 2
            }
            text = String(decoding: units, as: UTF16.self)
        } else {
            text = String(decoding: contentStart(bytes), as: UTF8.self)
        }
        var rest = Substring(text).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        while rest.hasPrefix("<") {
            if rest.hasPrefix("<?") || rest.hasPrefix("<!--") || rest.hasPrefix("<!") {
                let terminator = rest.hasPrefix("<!--") ? "-->" : (rest.hasPrefix("<?") ? "?>" : ">")
                guard let end = rest.range(of: terminator) else { return nil }
                if rest.hasPrefix("<!DOCTYPE") || rest.hasPrefix("<!doctype"), let bracket = rest.firstIndex(of: "["),
                   bracket < end.lowerBound, let close = rest.range(of: "]>") {
                    rest = rest[close.upperBound...]
                } else {
                    rest = rest[end.upperBound...]
                }
                rest = rest.drop { $0.isWhitespace }
                continue
            }
            let name = rest.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            return name.isEmpty ? nil : name.lowercased()
        }
        return nil
    }

    /// Root element names of feeds.
    static func isFeedRoot(_ name: String) -> Bool {
        let local = name.split(separator: ":").last.map(String.init) ?? name
        return local == "rss" || local == "feed" || (local == "rdf" && name.contains(":"))
    }

    /// The encoding a byte order mark names.
    static func encodingFromBOM(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "utf-8" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "utf-16le" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "utf-16be" }
        return nil
    }
}

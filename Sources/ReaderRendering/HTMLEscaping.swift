/// Escaping for text and attribute values in HTML, and the URL checks that keep a rendered page
/// from loading anything or running anything.
package enum HTMLEscaping {
    /// Text content: `&`, `<`, `>` escaped; control characters other than tab and line feed, which
    /// HTML does not allow, dropped.
    package static func text(_ string: String) -> String {
        escaped(string, quotes: false, lineFeed: nil)
    }

    /// Text content as ``text(_:)`` escapes it, each line feed written as `<br/>`.
    package static func textBreakingLines(_ string: String) -> String {
        escaped(string, quotes: false, lineFeed: "<br/>")
    }

    /// An attribute value, to be written between double quotes.
    package static func attribute(_ string: String) -> String {
        escaped(string, quotes: true, lineFeed: "&#10;")
    }

    /// One pass over `string`'s UTF-8: the runs that need nothing are copied whole, the rest
    /// escaped or dropped; `lineFeed` replaces each line feed when given. A string that needs
    /// nothing is returned as it is, without a copy.
    private static func escaped(_ string: String, quotes: Bool, lineFeed: String?) -> String {
        var source = string
        return source.withUTF8 { bytes -> String in
            var output: [UInt8] = []
            var pending = 0
            var index = 0
            while index < bytes.count {
                let (length, replacement) = action(bytes, at: index, quotes: quotes, lineFeed: lineFeed)
                if let replacement {
                    if output.isEmpty { output.reserveCapacity(bytes.count + 64) }
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pending..<index]))
                    output.append(contentsOf: replacement.utf8)
                    pending = index + length
                }
                index += length
            }
            guard pending > 0 else { return string }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[pending...]))
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// The length of the UTF-8 sequence at `index`, and what replaces it (empty to drop it), or
    /// nil when it is kept. Only `&`, `<`, `>`, `"`, line feeds and the forbidden characters
    /// (C0 and C1 controls but tab and line feed, noncharacters) are replaced.
    private static func action(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, quotes: Bool,
                               lineFeed: String?) -> (length: Int, replacement: String?) {
        let byte = bytes[index]
        if byte < 0x80 {
            switch byte {
            case UInt8(ascii: "&"): return (1, "&amp;")
            case UInt8(ascii: "<"): return (1, "&lt;")
            case UInt8(ascii: ">"): return (1, "&gt;")
            case UInt8(ascii: "\"") where quotes: return (1, "&quot;")
            case 0x0A: return (1, lineFeed)
            case 0x09: return (1, nil)
            case 0..<0x20, 0x7F: return (1, "")
            default: return (1, nil)
            }
        }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        guard index + length <= bytes.count else { return (bytes.count - index, nil) }
        let forbidden: Bool
        switch length {
        case 2:  // U+0080–U+009F: C2 80–C2 9F
            forbidden = byte == 0xC2 && bytes[index + 1] <= 0x9F
        case 3:  // U+FDD0–U+FDEF: EF B7 90–AF; U+FFFE, U+FFFF: EF BF BE–BF
            forbidden = byte == 0xEF && ((bytes[index + 1] == 0xB7 && (0x90...0xAF).contains(bytes[index + 2]))
                || (bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE))
        default:  // U+nFFFE, U+nFFFF: the low 16 bits all ones but the last
            forbidden = bytes[index + 1] & 0x0F == 0x0F && bytes[index + 2] == 0xBF && bytes[index + 3] & 0xFE == 0xBE
        }
        return (length, forbidden ? "" : nil)
    }

    /// Schemes a link may lead to: following a link loads nothing by itself and runs nothing.
    package static let linkSchemes: Set<String> = ["http", "https", "mailto", "ftp"]

    /// Schemes that name something outside the document; an image with one is never loaded.
    static let outsideSchemes: Set<String> = ["http", "https", "ftp", "file", "data", "blob", "javascript", "vbscript",
                                              "about", "ws", "wss"]

    /// A document path as a relative URL: characters outside a URL path percent-encoded, and a
    /// `./` before a first segment that would read as a scheme (`kindle:embed:0001`).
    package static func relativeURL(_ path: String) -> String {
        var encoded = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "!"),
                 UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
                 UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
                 UInt8(ascii: "%"), UInt8(ascii: "?"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        if encoded.hasPrefix("/") || encoded.hasPrefix("./") || encoded.hasPrefix("../") { return encoded }
        if let colon = encoded.firstIndex(of: ":"), !encoded[..<colon].contains("/") { return "./" + encoded }
        return encoded
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

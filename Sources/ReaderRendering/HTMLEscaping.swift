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

    /// One pass over `string`: the runs that need nothing are copied whole, the rest escaped or
    /// dropped; `lineFeed` replaces each line feed when given.
    private static func escaped(_ string: String, quotes: Bool, lineFeed: String?) -> String {
        var output = ""
        output.reserveCapacity(string.utf8.count)
        let scalars = string.unicodeScalars
        var pending = scalars.startIndex
        var index = scalars.startIndex
        while index != scalars.endIndex {
            let scalar = scalars[index]
            let replacement: String?
            switch scalar {
            case "&": replacement = "&amp;"
            case "<": replacement = "&lt;"
            case ">": replacement = "&gt;"
            case "\"" where quotes: replacement = "&quot;"
            case "\n": replacement = lineFeed
            case "\t": replacement = nil
            default: replacement = isForbidden(scalar) ? "" : nil
            }
            let next = scalars.index(after: index)
            if let replacement {
                output += string[pending..<index]
                output += replacement
                pending = next
            }
            index = next
        }
        output += string[pending..<scalars.endIndex]
        return output
    }

    /// C0 and C1 controls (but tab and line feed), and noncharacters.
    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
            || value & 0xFFFE == 0xFFFE
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

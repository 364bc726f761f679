import Testing
@testable import ReaderRendering

/// HTML escaping, held against a reference that goes scalar by scalar.
@Suite("HTML escaping")
struct HTMLEscapingTests {
    /// The escaping rules written plainly, one scalar at a time.
    private static func reference(_ string: String, quotes: Bool, lineFeed: String?) -> String {
        var output = ""
        for scalar in string.unicodeScalars {
            let value = scalar.value
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            case "\n": output += lineFeed ?? "\n"
            case "\t": output += "\t"
            default:
                let forbidden = value < 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
                    || value & 0xFFFE == 0xFFFE
                if !forbidden { output.unicodeScalars.append(scalar) }
            }
        }
        return output
    }

    /// Every scalar near a rule's edge: controls, Latin-1, the noncharacters of every plane and
    /// their neighbours, surrogates' neighbours, the last scalar.
    private static let scalars: [Unicode.Scalar] = {
        var values = Array(0...0x2FF) + Array(0xD7F0...0xD7FF) + Array(0xE000...0xE010) + Array(0xFDC0...0xFE00)
            + Array(0xFFF0...0xFFFF)
        for plane in 1...16 { values += [plane << 16, (plane << 16) | 0xFDD0, (plane << 16) | 0xFFFD, (plane << 16) | 0xFFFE, (plane << 16) | 0xFFFF] }
        values += [0x1F600, 0x10FFFD, 0x4E2D, 0x0430]
        return values.compactMap { Unicode.Scalar(UInt32($0)) }
    }()

    @Test("text, attributes and broken lines escape every scalar as the plain rules do")
    func everyScalar() {
        for scalar in Self.scalars {
            var string = "a"
            string.unicodeScalars.append(scalar)
            string += "b"
            #expect(HTMLEscaping.text(string) == Self.reference(string, quotes: false, lineFeed: nil), "U+\(String(scalar.value, radix: 16))")
            #expect(HTMLEscaping.attribute(string) == Self.reference(string, quotes: true, lineFeed: "&#10;"), "U+\(String(scalar.value, radix: 16))")
            #expect(HTMLEscaping.textBreakingLines(string) == Self.reference(string, quotes: false, lineFeed: "<br/>"),
                    "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test("a mixed string: escapes at both ends, runs of plain text between, nothing to do")
    func mixed() {
        let string = "<p class=\"x\">Tom & Jerry\u{85}\u{FFFF}\n中文 \u{10FFFE}é\t>"
        #expect(HTMLEscaping.text(string) == Self.reference(string, quotes: false, lineFeed: nil))
        #expect(HTMLEscaping.attribute(string) == "&lt;p class=&quot;x&quot;&gt;Tom &amp; Jerry&#10;中文 é\t&gt;")
        #expect(HTMLEscaping.textBreakingLines(string) == Self.reference(string, quotes: false, lineFeed: "<br/>"))
        #expect(HTMLEscaping.text("plain text, 中文, é") == "plain text, 中文, é")
        #expect(HTMLEscaping.text("") == "")
    }
}

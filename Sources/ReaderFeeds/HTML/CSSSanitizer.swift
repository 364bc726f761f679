import Foundation
import ReaderCore

/// Keeps the declarations of an inline style that only change how text looks: an allow-list of
/// properties (colours, fonts, alignment, spacing) whose values are keywords, colours or lengths;
/// anything else (`url(…)`, `expression(…)`, `behavior`, positioning) is dropped.
enum CSSSanitizer {
    static func sanitize(_ style: String) -> String {
        if style.utf8.allSatisfy({ $0 < 0x80 }) { return sanitize(ascii: Array(style.utf8)) }
        // An escape or a comment could hide anything: the whole style goes.
        guard !style.contains("\\"), !style.contains("/*") else { return "" }
        var kept: [String] = []
        for declaration in style.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let written = parts[0].trimmingCharacters(in: .whitespacesAndNewlines)
            let property = written.lowercased()
            let value = parts[1].trimmingCharacters(in: .whitespacesAndNewlines)
            let lowered = value.lowercased()
            guard !value.isEmpty, !lowered.contains("url("), !lowered.contains("expression("), !lowered.contains("javascript:") else {
                continue
            }
            if properties.contains(property) {
                kept.append("\(written): \(value);")
            } else if shorthandPrefixes.contains(where: { property.hasPrefix($0) }) {
                let words = value.lowercased().split(whereSeparator: { $0 == " " || $0 == "," })
                guard words.allSatisfy({ keywords.contains(String($0)) || isPlainValue($0) }) else { continue }
                kept.append("\(written): \(value);")
            }
        }
        return kept.joined(separator: " ")
    }

    /// ``sanitize(_:)`` of an ASCII style, on its bytes: the same steps, where white space is
    /// ASCII's and lower case is ASCII's (Foundation's trimming and searching cost most of reading
    /// the feeds that carry styles).
    private static func sanitize(ascii style: [UInt8]) -> String {
        guard !contains(style[...], "\\"), !contains(style[...], "/*") else { return "" }
        var kept: [String] = []
        // Declarations between semicolons (empty ones skipped), each split at its first colon.
        var declarationStart = 0
        while declarationStart < style.count {
            let declarationEnd = style[declarationStart...].firstIndex(of: UInt8(ascii: ";")) ?? style.count
            defer { declarationStart = declarationEnd + 1 }
            guard declarationEnd > declarationStart,
                  let declaration = Self.declaration(style[declarationStart..<declarationEnd]) else { continue }
            let written = trimmed(declaration.property)
            let property = String(decoding: written.map(lowercased), as: UTF8.self)
            let value = trimmed(declaration.value)
            let lowered = value.map(lowercased)
            guard !value.isEmpty, !contains(lowered[...], "url("), !contains(lowered[...], "expression("),
                  !contains(lowered[...], "javascript:") else { continue }
            if properties.contains(property) || shorthandPrefixes.contains(where: { property.hasPrefix($0) })
                && lowered.split(whereSeparator: { $0 == 0x20 || $0 == UInt8(ascii: ",") }).allSatisfy({ word in
                    let word = String(decoding: word, as: UTF8.self)
                    return keywords.contains(word) || isPlainValue(word[...])
                }) {
                kept.append(String(decoding: written, as: UTF8.self) + ": " + String(decoding: value, as: UTF8.self) + ";")
            }
        }
        return kept.joined(separator: " ")
    }

    /// A declaration's property and value: `split(separator: ":", maxSplits: 1)` when it gives
    /// two parts (a leading colon is skipped as an empty part would be), else nil.
    private static func declaration(_ text: ArraySlice<UInt8>) -> (property: ArraySlice<UInt8>, value: ArraySlice<UInt8>)? {
        let parts = text.split(separator: UInt8(ascii: ":"), maxSplits: 1)
        guard parts.count == 2 else { return nil }
        return (parts[0], parts[1])
    }

    /// Without ASCII white space at either end.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return []
        }
        return bytes[first...last]
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ pattern: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { haystack in
            ByteSearch.search(UnsafeBufferPointer(start: pattern.utf8Start, count: pattern.utf8CodeUnitCount), in: haystack) != nil
        }
    }

    /// A colour in hex, an `rgb(…)` of numbers, or a number with a unit.
    private static func isPlainValue(_ word: Substring) -> Bool {
        if word.hasPrefix("#") { return word.dropFirst().allSatisfy(\.isHexDigit) }
        if word.hasPrefix("rgb(") { return word.dropFirst(4).allSatisfy { $0.isNumber || $0 == "%" || $0 == "," || $0 == ")" } }
        let number = word.prefix { $0.isNumber || $0 == "." }
        let unit = word.dropFirst(number.count)
        return !number.isEmpty && ["", "cm", "em", "ex", "in", "mm", "pc", "pt", "px", "%"].contains(String(unit))
    }

    private static let shorthandPrefixes = ["background", "border", "margin", "padding"]

    private static let properties: Set<String> = [
        "azimuth", "background-color", "border-bottom-color", "border-collapse", "border-color", "border-left-color",
        "border-right-color", "border-top-color", "clear", "color", "cursor", "direction", "display", "elevation",
        "float", "font", "font-family", "font-size", "font-style", "font-variant", "font-weight", "height",
        "letter-spacing", "line-height", "overflow", "pause", "pause-after", "pause-before", "pitch", "pitch-range",
        "richness", "speak", "speak-header", "speak-numeral", "speak-punctuation", "speech-rate", "stress",
        "text-align", "text-decoration", "text-indent", "unicode-bidi", "vertical-align", "voice-family", "volume",
        "white-space", "width",
    ]

    private static let keywords: Set<String> = [
        "!important", "aqua", "auto", "black", "block", "blue", "bold", "both", "bottom", "brown", "center",
        "collapse", "dashed", "dotted", "fuchsia", "gray", "green", "italic", "left", "lime", "maroon", "medium",
        "navy", "none", "normal", "nowrap", "olive", "pointer", "purple", "red", "right", "silver", "solid", "teal",
        "top", "transparent", "underline", "white", "yellow",
    ]
}

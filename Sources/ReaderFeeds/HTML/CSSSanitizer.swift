import Foundation
import ReaderCore

/// Keeps the declarations of an inline style that only change how text looks: an allow-list of
/// properties (colours, fonts, alignment, spacing) whose values are keywords, colours or lengths;
/// anything else (`url(…)`, `expression(…)`, `behavior`, positioning) is dropped.
enum CSSSanitizer {
    static func sanitize(_ style: String) -> String {
        style.utf8.allSatisfy({ $0 < 0x80 }) ? sanitize(ascii: style) : sanitizeCharacters(style)
    }

    /// The rules read character by character, for any style (ASCII ones are read as bytes, with
    /// the same result).
    static func sanitizeCharacters(_ style: String) -> String {
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
    /// ASCII's and lower case is ASCII's, without a string or an array per declaration (Foundation's
    /// trimming and searching, then the arrays and strings made for each declaration and word,
    /// were most of reading the feeds that carry styles).
    private static func sanitize(ascii style: String) -> String {
        var style = style
        return style.withUTF8 { bytes in
            guard !contains(bytes, 0, bytes.count, "\\"), !contains(bytes, 0, bytes.count, "/*") else { return "" }
            var output: [UInt8] = []
            // Declarations between semicolons (empty ones skipped), each split at its first colon.
            var declarationStart = 0
            while declarationStart < bytes.count {
                var declarationEnd = declarationStart
                while declarationEnd < bytes.count, bytes[declarationEnd] != UInt8(ascii: ";") { declarationEnd += 1 }
                defer { declarationStart = declarationEnd + 1 }
                guard declarationEnd > declarationStart,
                      let (property, value) = declaration(bytes, declarationStart, declarationEnd) else { continue }
                let written = trimmed(bytes, property)
                let kept = trimmed(bytes, value)
                guard !kept.isEmpty, !contains(bytes, kept.lowerBound, kept.upperBound, "url("),
                      !contains(bytes, kept.lowerBound, kept.upperBound, "expression("),
                      !contains(bytes, kept.lowerBound, kept.upperBound, "javascript:") else { continue }
                let name = String(unsafeUninitializedCapacity: written.count) { buffer in
                    for (offset, index) in written.enumerated() { buffer[offset] = lowercased(bytes[index]) }
                    return written.count
                }
                guard properties.contains(name)
                    || shorthandPrefixes.contains(where: { name.hasPrefix($0) }) && wordsArePlain(bytes, kept) else { continue }
                if !output.isEmpty { output.append(0x20) }
                output += UnsafeBufferPointer(rebasing: bytes[written])
                output += ": ".utf8
                output += UnsafeBufferPointer(rebasing: bytes[kept])
                output.append(UInt8(ascii: ";"))
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// A declaration's property and value: what `split(separator: ":", maxSplits: 1)` gives when
    /// it gives two parts (leading colons skipped, as the empty parts they make are), else nil.
    private static func declaration(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Range<Int>, Range<Int>)? {
        var partStart = start
        var index = start
        while index < end {
            if bytes[index] == UInt8(ascii: ":") {
                if index > partStart { return index + 1 < end ? (partStart..<index, (index + 1)..<end) : nil }
                partStart = index + 1
            }
            index += 1
        }
        return nil
    }

    /// The range without ASCII white space at either end.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Whether every word of a shorthand's value (split at spaces and commas, lower-cased) is a
    /// keyword or a plain value.
    private static func wordsArePlain(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> Bool {
        var index = value.lowerBound
        while index < value.upperBound {
            let byte = bytes[index]
            if byte == 0x20 || byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            let start = index
            while index < value.upperBound, bytes[index] != 0x20, bytes[index] != UInt8(ascii: ",") { index += 1 }
            let word = String(unsafeUninitializedCapacity: index - start) { buffer in
                for offset in 0..<(index - start) { buffer[offset] = lowercased(bytes[start + offset]) }
                return index - start
            }
            guard keywords.contains(word) || isPlainValue(word.utf8) else { return false }
        }
        return true
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `bytes[start..<end]`, lower-cased, holds `pattern` (lower case).
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ pattern: StaticString) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard end - start >= count else { return false }
        let needle = pattern.utf8Start
        var index = start
        while index <= end - count {
            var matched = 0
            while matched < count, lowercased(bytes[index + matched]) == needle[matched] { matched += 1 }
            if matched == count { return true }
            index += 1
        }
        return false
    }

    /// ``isPlainValue(_:)`` of an ASCII word, on its bytes.
    private static func isPlainValue(_ word: String.UTF8View) -> Bool {
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        if word.first == UInt8(ascii: "#") {
            return word.dropFirst().allSatisfy { isDigit($0) || (($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "f")) }
        }
        if word.starts(with: "rgb(".utf8) {
            return word.dropFirst(4).allSatisfy { isDigit($0) || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ")") }
        }
        let number = word.prefix { isDigit($0) || $0 == UInt8(ascii: ".") }
        guard !number.isEmpty else { return false }
        switch String(Substring(word.dropFirst(number.count))) {
        case "", "cm", "em", "ex", "in", "mm", "pc", "pt", "px", "%": return true
        default: return false
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

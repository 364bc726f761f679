import Foundation

/// Values kept as JSON text in one column (lists of names, ranges), with sorted keys so equal
/// values store equal bytes.
enum JSONColumn {
    static func encode<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) throws -> Value {
        try JSONDecoder().decode(Value.self, from: Data(text.utf8))
    }

    /// A list of strings (authors, tags), read without `JSONDecoder` when no string holds an escape:
    /// a decoder costs more than the rest of a book's row, and `library list` reads thousands.
    static func decodeStrings(_ text: String) throws -> [String] {
        if text == "[]" { return [] }
        if let strings = unescapedStrings(text) { return strings }
        return try decode([String].self, text)
    }

    /// `["a", "b"]` when every string is free of escapes and control characters; nil otherwise,
    /// for `JSONDecoder` to read or refuse.
    private static func unescapedStrings(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        var index = 0
        func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        index += 1
        skipSpace()
        var strings: [String] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") || bytes[index] < 0x20 { return nil }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                strings.append(String(decoding: bytes[start..<index], as: UTF8.self))
                index += 1
                skipSpace()
                guard index < bytes.count else { return nil }
                if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
                skipSpace()
            }
        }
        skipSpace()
        return index == bytes.count ? strings : nil
    }
}

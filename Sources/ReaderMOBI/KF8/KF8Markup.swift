/// Byte-level looks at KF8 markup while parts are rebuilt: whether an insert point falls inside
/// a tag, and where the start tag with a given `aid` attribute ends.
enum KF8Markup {
    /// How far either way an insert point is checked for an enclosing tag.
    static let maxTagScan = 4096

    /// Whether offset `point` of `bytes` lies inside a tag: the nearest `<` or `>` before it is
    /// `<`, or the nearest after it is `>` (calibre's check in `Mobi8Reader.build_parts`).
    static func splitsTag(_ bytes: [UInt8], at point: Int) -> Bool {
        guard point > 0, point < bytes.count else { return false }
        var back = point - 1
        while back >= max(0, point - maxTagScan) {
            if bytes[back] == UInt8(ascii: "<") { return true }
            if bytes[back] == UInt8(ascii: ">") { break }
            back -= 1
        }
        var forward = point
        while forward < min(bytes.count, point + maxTagScan) {
            if bytes[forward] == UInt8(ascii: ">") { return true }
            if bytes[forward] == UInt8(ascii: "<") { break }
            forward += 1
        }
        return false
    }

    /// The offset of the `>` closing the first start tag of `bytes` with the attribute
    /// `aid="value"` (either quote, preceded by white space), or nil when there is none.
    static func endOfStartTag(withAid value: String, in bytes: [UInt8]) -> Int? {
        let name = Array("aid=".utf8), wanted = Array(value.utf8)
        var tagStart = 0
        while let open = bytes[tagStart...].firstIndex(of: UInt8(ascii: "<")) {
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            var position = open + 1
            while position + name.count + wanted.count + 2 <= close + 1 {
                if bytes[position...].starts(with: name), isSpace(bytes[position - 1]) {
                    let quote = bytes[position + name.count]
                    let valueStart = position + name.count + 1
                    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
                       bytes[valueStart...].starts(with: wanted), bytes[valueStart + wanted.count] == quote {
                        return close
                    }
                }
                position += 1
            }
            tagStart = close + 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

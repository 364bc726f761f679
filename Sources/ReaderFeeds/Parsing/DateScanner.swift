/// A cursor over the ASCII of a date's text.
struct DateScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index >= bytes.count }

    var peekDigit: Bool { !atEnd && bytes[index] >= 0x30 && bytes[index] <= 0x39 }

    mutating func skip(_ character: Character) -> Bool {
        guard !atEnd, let ascii = character.asciiValue, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while !atEnd, bytes[index] == 0x20 { index += 1 }
    }

    mutating func digitString() -> String {
        let start = index
        while peekDigit { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func digits(exactly count: Int) -> Int? { digits(min: count, max: count) }

    mutating func digits(min: Int, max: Int) -> Int? {
        let start = index
        var value = 0
        while peekDigit, index - start < max {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        guard index - start >= min else {
            index = start
            return nil
        }
        return value
    }

    /// A zone: nothing (UTC), `Z`, `±hh:mm`, `±hhmm`, `±hh`, or a name from `names`; minutes east.
    mutating func zone(names: [String: Int]) -> Int? {
        if atEnd { return 0 }
        if bytes[index] == 0x2B || bytes[index] == 0x2D {
            let sign = bytes[index] == 0x2D ? -1 : 1
            index += 1
            guard let hours = digits(min: 1, max: 2) else { return nil }
            _ = skip(":")
            let minutes = digits(exactly: 2) ?? 0
            return sign * (hours * 60 + minutes)
        }
        let start = index
        while !atEnd, (bytes[index] | 0x20) >= 0x61, (bytes[index] | 0x20) <= 0x7A { index += 1 }
        let name = String(decoding: bytes[start..<index], as: UTF8.self).lowercased()
        guard let offset = names[name] else {
            index = start
            return nil
        }
        return offset
    }
}

import Foundation

/// The RFC 822 dates nearly every RSS feed writes, `Mon, 02 Jan 2006 15:04:05 +0000` (a day name
/// of three letters, day, month, four-digit year, `HH:MM` or `HH:MM:SS`, and a `±hhmm` zone or a
/// zone name, or none), read from the bytes in one pass. Anything else is nil, and
/// ``FeedDateParser`` reads it the general way: for what is read here, the general way gives
/// the same instant (splitting the text into lower-cased words cost a tenth of reading a feed).
enum RFC822Bytes {
    static func parse(_ text: String, zones: [String: Int]) -> Date? {
        var text = text
        return text.withUTF8 { parse($0, zones: zones) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, zones: [String: Int]) -> Date? {
        var cursor = Cursor(bytes: bytes)
        // The day name: read by the general way as a word that is no month, and skipped.
        guard let dayName = cursor.letters(), dayNames.contains(dayName), cursor.skip(UInt8(ascii: ",")), cursor.skip(0x20),
              let day = cursor.digits(min: 1, max: 2), cursor.skip(0x20),
              let monthName = cursor.letters(), let month = months.firstIndex(of: monthName), cursor.skip(0x20),
              let year = cursor.digits(min: 4, max: 4), cursor.skip(0x20),
              let hour = cursor.digits(min: 2, max: 2), cursor.skip(UInt8(ascii: ":")),
              let minute = cursor.digits(min: 2, max: 2) else { return nil }
        var second = 0
        if cursor.skip(UInt8(ascii: ":")) {
            guard let seconds = cursor.digits(min: 2, max: 2) else { return nil }
            second = seconds
        }
        var offset = 0
        if !cursor.atEnd {
            guard cursor.skip(0x20) else { return nil }
            if cursor.skip(UInt8(ascii: "+")) || cursor.peek == UInt8(ascii: "-") {
                let sign = cursor.skip(UInt8(ascii: "-")) ? -1 : 1
                guard let hoursAndMinutes = cursor.digits(min: 4, max: 4) else { return nil }
                offset = sign * (hoursAndMinutes / 100 * 60 + hoursAndMinutes % 100)
            } else {
                guard let name = cursor.letters(), let named = zones[name] else { return nil }
                offset = named
            }
            guard cursor.atEnd else { return nil }
        }
        return FeedDateParser.make(year: year, month: month + 1, day: day, hour: hour, minute: minute, second: Double(second),
                                   offsetMinutes: offset)
    }

    private static let dayNames: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[index] }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// A run of ASCII letters, lower-cased, or nil when there is none.
        mutating func letters() -> String? {
            let start = index
            while let byte = peek, (byte | 0x20) >= UInt8(ascii: "a"), (byte | 0x20) <= UInt8(ascii: "z") { index += 1 }
            guard index > start else { return nil }
            return String(decoding: bytes[start..<index].lazy.map { $0 | 0x20 }, as: UTF8.self)
        }

        /// `min` to `max` ASCII digits (and no more), or nil.
        mutating func digits(min: Int, max: Int) -> Int? {
            let start = index
            var value = 0
            while let byte = peek, byte >= 0x30, byte <= 0x39 {
                guard index - start < max else { return nil }
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return index - start >= min ? value : nil
        }
    }
}

import Foundation

/// Dates as the viewer reads and sorts them.
enum ViewerDate {
    /// `2024-05-01T12:30:00.000Z` (UTC, milliseconds), as JavaScript's `toISOString` writes it.
    static func iso8601(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = Int(milliseconds.quotientAndRemainder(dividingBy: 1000).quotient)
        var remainder = Int(milliseconds - Int64(seconds) * 1000)
        var wholeSeconds = seconds
        if remainder < 0 { remainder += 1000; wholeSeconds -= 1 }
        var time = time_t(wholeSeconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
                      Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), remainder)
    }

    /// A front matter date (`2024-05-01`, `2024-05-01T12:30:00Z`, with fractional seconds or a
    /// `±HH:MM` zone; a space may stand for the `T`) as seconds since the epoch; nil otherwise.
    static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<(index + digits)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }
        guard let year = number(4), skip(0x2D), let month = number(2), skip(0x2D), let day = number(2),
              (1...12).contains(month), (1...31).contains(day) else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        var fraction = 0.0
        var offset = 0
        if skip(0x54) || skip(0x20) {
            guard let hour = number(2), skip(0x3A), let minute = number(2) else { return nil }
            parts.tm_hour = Int32(hour)
            parts.tm_min = Int32(minute)
            if skip(0x3A) {
                guard let second = number(2) else { return nil }
                parts.tm_sec = Int32(second)
                if skip(0x2E) {
                    var scale = 0.1
                    while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                        fraction += Double(bytes[index] - 0x30) * scale
                        scale /= 10
                        index += 1
                    }
                }
            }
            if skip(0x5A) {
            } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
                let sign = bytes[index] == 0x2D ? -1 : 1
                index += 1
                guard let zoneHours = number(2) else { return nil }
                _ = skip(0x3A)
                let zoneMinutes = number(2) ?? 0
                offset = sign * (zoneHours * 3600 + zoneMinutes * 60)
            }
        }
        guard index == bytes.count else { return nil }
        return Double(timegm(&parts) - offset) + fraction
    }
}

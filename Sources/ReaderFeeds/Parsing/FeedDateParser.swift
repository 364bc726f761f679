import Foundation
import ReaderCore

/// Reads the dates feeds write: RFC 822 (with the variants in the wild: two-digit years, no
/// seconds, no or unknown zones, full month names, a missing day name), RFC 3339 / W3C-DTF
/// (reduced precision, a space for `T`, `±hhmm` zones, fractions), compact ISO 8601 and asctime.
/// A date without a zone is taken as UTC; a date without a time as midnight.
public enum FeedDateParser {
    /// The instant a date's text names, or nil when it is none of the known forms.
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.utf8.count < 100 else { return nil }
        if let date = RFC822Bytes.parse(trimmed, zones: zones) { return date }
        return iso(trimmed) ?? asctime(trimmed) ?? rfc822(trimmed)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, in the proleptic Gregorian calendar the parser reads dates in
    /// (Foundation's Gregorian calendar is Julian before 1582-10-15, so it printed `0001-01-01`,
    /// the zero date some feeds carry, as `0001-01-03`).
    public static func iso8601(of date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e15 else {
            let parts = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.year ?? 0, parts.month ?? 1, parts.day ?? 1,
                          parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        }
        let whole = Int64(seconds)
        var days = whole / 86_400, time = whole % 86_400
        if time < 0 { (days, time) = (days - 1, time + 86_400) }
        let (year, month, day) = CivilDay.date(ofDay: days)
        return String(format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lldZ", year, month, day, time / 3600, time / 60 % 60, time % 60)
    }

    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Zone abbreviations of RFC 822 and the US ones feeds use, in minutes east of UTC.
    static let zones: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0, "est": -300, "edt": -240, "cst": -360, "cdt": -300,
        "mst": -420, "mdt": -360, "pst": -480, "pdt": -420, "a": -60, "m": -720, "n": 60, "y": 720,
        "bst": 60, "cet": 60, "cest": 120, "eet": 120, "eest": 180, "jst": 540, "ist": 330, "aest": 600,
    ]

    static func make(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Double = 0,
                     offsetMinutes: Int = 0) -> Date? {
        guard (1...12).contains(month), year > 0, year < 10000,
              (1...CivilDay.length(ofMonth: Int64(month), year: Int64(year))).contains(Int64(day)), (0...24).contains(hour),
              (0...59).contains(minute), second >= 0, second < 61 else { return nil }
        // Days since 1970-01-01 of the civil date (the proleptic Gregorian calendar), in integers:
        // a Calendar per date costs more than the rest of reading an item.
        let days = Int(CivilDay.day(ofYear: Int64(year), month: Int64(month), day: Int64(day)))
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offsetMinutes * 60) + second
        return Date(timeIntervalSince1970: seconds)
    }


    // MARK: ISO 8601 / RFC 3339 / W3C-DTF

    private static func iso(_ text: String) -> Date? {
        var scanner = DateScanner(text)
        guard let year = scanner.digits(exactly: 4) else { return nil }
        var month = 1, day = 1
        let separated = scanner.skip("-")
        if separated {
            guard let m = scanner.digits(min: 1, max: 2) else { return scanner.atEnd ? make(year: year, month: 1, day: 1) : nil }
            month = m
            if scanner.skip("-") {
                guard let d = scanner.digits(min: 1, max: 2) else { return nil }
                day = d
            }
        } else if let m = scanner.digits(exactly: 2) {
            month = m
            guard let d = scanner.digits(exactly: 2) else { return nil }
            day = d
        }
        if scanner.atEnd { return make(year: year, month: month, day: day) }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") else { return nil }
        scanner.skipSpaces()
        guard let hour = scanner.digits(exactly: 2) else { return nil }
        _ = scanner.skip(":")
        guard let minute = scanner.digits(exactly: 2) else { return nil }
        var second = 0.0
        if scanner.skip(":") || scanner.peekDigit {
            guard let whole = scanner.digits(exactly: 2) else { return nil }
            second = Double(whole)
            if scanner.skip(".") || scanner.skip(",") {
                let fraction = scanner.digitString()
                second += Double("0." + fraction) ?? 0
            }
        }
        scanner.skipSpaces()
        guard let offset = scanner.zone(names: zones) else { return nil }
        scanner.skipSpaces()
        guard scanner.atEnd else { return nil }
        return make(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offsetMinutes: offset)
    }

    // MARK: RFC 822

    private static func rfc822(_ text: String) -> Date? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map { $0.lowercased() }
        guard words.count >= 3 else { return nil }
        if let first = words.first, first.first?.isLetter == true, monthIndex(first) == nil { words.removeFirst() }
        guard words.count >= 3 else { return nil }
        var day: Int?, month: Int?
        if let d = Int(words[0]), let m = monthIndex(words[1]) {
            (day, month) = (d, m)
        } else if let m = monthIndex(words[0]), let d = Int(words[1]) {  // "Jan 02 2004"
            (day, month) = (d, m)
        }
        guard let day, let month, !words[2].contains(":"), var year = Int(words[2].prefix(while: { $0.isNumber })) else { return nil }
        if words[2].count <= 2 { year += year < 70 ? 2000 : 1900 } else if words[2].count == 3 { year += 1900 }
        var rest = Array(words.dropFirst(3))
        var hour = 0, minute = 0, second = 0.0, offset = 0
        if let time = rest.first, time.contains(":") {
            let fields = time.split(separator: ":").map { Int($0) }
            guard fields.count >= 2, fields.allSatisfy({ $0 != nil }) else { return nil }
            hour = fields[0]!
            minute = fields[1]!
            second = fields.count > 2 ? Double(fields[2]!) : 0
            rest.removeFirst()
        }
        if let zone = rest.first {
            var scanner = DateScanner(zone)
            if let found = scanner.zone(names: zones), scanner.atEnd { offset = found }
            else if zone.hasPrefix("etc/") || zone.hasPrefix("gmt") || zone.hasPrefix("utc") {
                var tail = DateScanner(String(zone.dropFirst(zone.hasPrefix("etc/") ? 4 : 3)))
                offset = tail.zone(names: zones) ?? 0
            }
        }
        return make(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offsetMinutes: offset)
    }

    private static func monthIndex(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        let stem = String(word.prefix(3))
        return months.firstIndex(of: stem).map { $0 + 1 }
    }

    // MARK: asctime

    /// `Sun Jan  4 16:29:06 PST 2004` and `Sun Jan 4 16:29:06 2004`.
    private static func asctime(_ text: String) -> Date? {
        // The second word must be a month: checked before every word is lower-cased.
        let written = text.split(separator: " ")
        guard written.count >= 5, monthIndex(written[1].lowercased()) != nil else { return nil }
        let words = written.map { $0.lowercased() }
        guard words.count >= 5, let month = monthIndex(words[1]), let day = Int(words[2]),
              let year = Int(words.last!) else { return nil }
        let fields = words[3].split(separator: ":").compactMap { Int($0) }
        guard fields.count == 3 else { return nil }
        var offset = 0
        if words.count == 6 {
            var scanner = DateScanner(words[4])
            offset = scanner.zone(names: zones) ?? 0
        }
        return make(year: year, month: month, day: day, hour: fields[0], minute: fields[1], second: Double(fields[2]),
                    offsetMinutes: offset)
    }
}

import Foundation
import ReaderCore

/// The date forms the EPUB package accepts: `dcterms:modified` (`CCYY-MM-DDThh:mm:ssZ`) and the
/// W3C date-time profile `dc:date` should follow.
enum W3CDate {
    /// `CCYY-MM-DDThh:mm:ssZ` for a time given in seconds since 1970 (UTC).
    static func timestamp(secondsSince1970 seconds: Int64) -> String {
        let days = seconds / 86_400
        let rest = seconds % 86_400
        let (year, month, day) = CivilDay.date(ofDay: days)
        return "\(pad(Int(year), 4))-\(pad(Int(month), 2))-\(pad(Int(day), 2))T\(pad(Int(rest / 3600), 2)):\(pad(Int(rest % 3600 / 60), 2)):\(pad(Int(rest % 60), 2))Z"
    }

    /// Whether `value` is exactly `CCYY-MM-DDThh:mm:ssZ`.
    static func isTimestamp(_ value: String) -> Bool {
        let pattern = Array("dddd-dd-ddTdd:dd:ddZ")
        let characters = Array(value)
        guard characters.count == pattern.count else { return false }
        return zip(characters, pattern).allSatisfy { character, expected in
            expected == "d" ? character.isASCII && character.isNumber : character == expected
        }
    }

    /// The leading W3C date of `value` (`CCYY`, `CCYY-MM`, `CCYY-MM-DD`), nil when it starts with none.
    static func date(from value: String) -> String? {
        let characters = Array(value.trimmingCharacters(in: .whitespaces))
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= characters.count && characters[range].allSatisfy { $0.isASCII && $0.isNumber }
        }
        guard digits(0..<4) else { return nil }
        var end = 4
        if characters.count > 4 {
            guard characters[4] == "-" || characters[4] == "T" || characters[4] == " " else { return nil }
            if characters[4] == "-", digits(5..<7) {
                end = 7
                if characters.count > 7, characters[7] == "-", digits(8..<10) { end = 10 }
            }
        }
        let date = String(characters[0..<end])
        if end >= 7, let month = Int(date.dropFirst(5).prefix(2)), !(1...12).contains(month) { return String(date.prefix(4)) }
        if end == 10, let day = Int(date.suffix(2)), !(1...31).contains(day) { return String(date.prefix(7)) }
        return date
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

import ReaderCore

/// A date and time as zip headers hold it (MS-DOS format): wall-clock fields with no time zone,
/// in two-second steps, from 1980 to 2107.
public struct ZipTimestamp: Hashable, Sendable, CustomStringConvertible {
    /// The year, 1980 to 2107.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int
    /// The second, an even number from 0 to 58.
    public let second: Int

    /// 1980-01-01 00:00:00, the earliest date a zip header can hold: the writer's default, so an
    /// archive never records when it was built.
    public static let dosEpoch = ZipTimestamp(checkedYear: 1980, month: 1, day: 1, hour: 0, minute: 0, second: 0)

    /// Creates a timestamp from its fields; an odd second becomes the even one before it, as the
    /// zip format keeps only two-second steps.
    /// - Throws: ``ZipError`` `invalidArgument` for a field out of range or a day the month lacks.
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) throws(ZipError) {
        guard (1980...2107).contains(year), (1...12).contains(month),
              (1...Self.days(inMonth: month, of: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else {
            throw ZipError(.invalidArgument,
                           reason: "\(year)-\(month)-\(day) \(hour):\(minute):\(second) is not a date and time a zip header can hold (1980 to 2107)")
        }
        self.init(checkedYear: year, month: month, day: day, hour: hour, minute: minute, second: second - second % 2)
    }

    /// The UTC date and time `seconds` after 1970-01-01 00:00 UTC (as `SOURCE_DATE_EPOCH` gives it).
    /// - Throws: ``ZipError`` `invalidArgument` for a moment before 1980 or after 2107.
    public init(secondsSince1970 seconds: Int64) throws(ZipError) {
        guard (315_532_800...4_354_819_199).contains(seconds) else {
            throw ZipError(.invalidArgument, reason: "\(seconds) seconds after 1970 is not a moment a zip header can hold (1980 to 2107)")
        }
        let days = seconds / 86_400
        let time = Int(seconds - days * 86_400)
        let (year, month, day) = CivilDay.date(ofDay: days)
        try self.init(year: Int(year), month: Int(month), day: Int(day),
                      hour: time / 3600, minute: time / 60 % 60, second: time % 60)
    }

    private init(checkedYear year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The time field of a zip header: hours, minutes, seconds ÷ 2.
    var dosTime: UInt16 { UInt16(hour << 11 | minute << 5 | second / 2) }
    /// The date field of a zip header: years since 1980, month, day.
    var dosDate: UInt16 { UInt16((year - 1980) << 9 | month << 5 | day) }

    /// `1980-01-01 00:00:00`.
    public var description: String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(hour)):\(two(minute)):\(two(second))"
    }
}

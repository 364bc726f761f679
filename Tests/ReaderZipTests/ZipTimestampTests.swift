@testable import ReaderZip
import Testing

@Suite("Zip writer: timestamps")
struct ZipTimestampTests {
    @Test("the default is the DOS epoch, which zip headers hold as zero time and date 0x21")
    func epoch() {
        #expect(ZipTimestamp.dosEpoch.description == "1980-01-01 00:00:00")
        #expect(ZipTimestamp.dosEpoch.dosTime == 0)
        #expect(ZipTimestamp.dosEpoch.dosDate == 0x21)
    }

    @Test("seconds since 1970 are read as UTC, odd seconds rounded down", arguments: [
        (Int64(315_532_800), "1980-01-01 00:00:00"),
        (1_709_646_451, "2024-03-05 13:47:30"),
        (951_782_400, "2000-02-29 00:00:00"),
        (4_354_819_199, "2107-12-31 23:59:58"),
    ])
    func fromSeconds(seconds: Int64, expected: String) throws {
        #expect(try ZipTimestamp(secondsSince1970: seconds).description == expected)
    }

    /// The kind of error `body` throws, or nil when it makes a timestamp.
    private func refusal(_ body: () throws(ZipError) -> ZipTimestamp) -> ZipError.Kind? {
        do {
            _ = try body()
            return nil
        } catch {
            return error.kind
        }
    }

    @Test("dates a zip header cannot hold are refused", arguments: [
        [1979, 12, 31, 0], [2108, 1, 1, 0], [2023, 2, 29, 0], [2100, 2, 29, 0], [2024, 4, 31, 0], [2024, 1, 1, 24],
        [2024, 13, 1, 0], [2024, 1, 0, 0],
    ])
    func outOfRange(fields: [Int]) {
        #expect(refusal { () throws(ZipError) in
            try ZipTimestamp(year: fields[0], month: fields[1], day: fields[2], hour: fields[3])
        } == .invalidArgument)
    }

    @Test("moments before 1980 or after 2107 are refused; leap days are not")
    func secondsOutOfRange() {
        for seconds: Int64 in [-1, 0, 315_532_799, 4_354_819_200, .min, .max] {
            #expect(refusal { () throws(ZipError) in try ZipTimestamp(secondsSince1970: seconds) } == .invalidArgument)
        }
        #expect(refusal { () throws(ZipError) in try ZipTimestamp(year: 2024, month: 2, day: 29) } == nil)
        #expect(refusal { () throws(ZipError) in try ZipTimestamp(year: 2000, month: 2, day: 29) } == nil)
    }
}

import Foundation
import ReaderLibrary
import Testing

/// Timestamps are written and read by arithmetic; Foundation's ISO 8601 formatter is the reference.
@Suite struct TimestampTests {
    private static func reference(_ milliseconds: Int64) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Timestamp(milliseconds: milliseconds).date)
    }

    /// Milliseconds from 1600 to 2400 (Foundation's calendar is Julian before 1582), edges included.
    private static let samples: [Int64] = {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var values: [Int64] = [0, -1, 1, 86_399_999, 86_400_000, -86_400_000, 951_782_400_000, 4_107_542_399_999,
                               -11_676_096_000_000, 13_569_465_600_000]
        for _ in 0..<2_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            values.append(Int64(state >> 20) % 25_245_000_000_000 - 11_676_096_000_000)
        }
        return values
    }()

    @Test("written as Foundation writes ISO 8601 with milliseconds, before 1970 too")
    func writesLikeFoundation() {
        for value in Self.samples {
            #expect(Timestamp(milliseconds: value).description == Self.reference(value), "\(value)")
        }
    }

    @Test("read back to the same millisecond, with or without fractional seconds")
    func readsBack() {
        for value in Self.samples {
            let text = Timestamp(milliseconds: value).description
            #expect(Timestamp(iso8601: text) == Timestamp(milliseconds: value), "\(text)")
            let whole = String(text.prefix(19)) + "Z"
            let floored = value - ((value % 1000) + 1000) % 1000
            #expect(Timestamp(iso8601: whole) == Timestamp(milliseconds: floored), "\(whole)")
        }
    }

    @Test("other forms and impossible dates are read as Foundation reads them")
    func otherForms() {
        let formatter = ISO8601DateFormatter()
        for text in ["2026-11-25T18:00:00+01:00", "2026-11-25T18:00:00.5Z", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z",
                     "2026-11-25T24:00:00Z", "2026-11-25 18:00:00Z", "20261125T180000Z", "", "2026-11-25T18:00:0xZ"] {
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let expected = (formatter.date(from: text) ?? {
                formatter.formatOptions = [.withInternetDateTime]
                return formatter.date(from: text)
            }()).map(Timestamp.init)
            #expect(Timestamp(iso8601: text) == expected, "\(text)")
        }
    }
}

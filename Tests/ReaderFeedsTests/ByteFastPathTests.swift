import Foundation
@testable import ReaderFeeds
import Testing

/// The byte readers that spare the usual dates and styles the general reading: the instants and
/// declarations they give, and the texts they leave to the general reading.
@Suite("Feed fast paths read dates and styles as the general reading does")
struct FeedByteFastPathTests {
    /// The instant of a civil date and time at a zone offset, by Foundation's calendar.
    static func instant(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, offset minutes: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: minutes * 60)!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
    }

    @Test("the usual RFC 822 form is read from bytes, to the right instant")
    func usualDates() {
        let dates: [(String, Date)] = [
            ("Mon, 02 Jan 2006 15:04:05 -0800", Self.instant(2006, 1, 2, 15, 4, 5, offset: -480)),
            ("Tue, 10 Jun 2003 04:00:00 GMT", Self.instant(2003, 6, 10, 4, 0, 0)),
            ("Sun, 4 Jan 2004 16:29:06 PST", Self.instant(2004, 1, 4, 16, 29, 6, offset: -480)),
            ("Thu, 01 Jan 2004 19:48 EST", Self.instant(2004, 1, 1, 19, 48, 0, offset: -300)),
            ("Fri, 29 Feb 2008 12:00:00 +0530", Self.instant(2008, 2, 29, 12, 0, 0, offset: 330)),
            ("MON, 02 JAN 2006 15:04:05 Z", Self.instant(2006, 1, 2, 15, 4, 5)),
            ("Mon, 02 Jan 2006 15:04:05", Self.instant(2006, 1, 2, 15, 4, 5)),
            ("Mon, 02 Jan 2006 15:04:05 -1230", Self.instant(2006, 1, 2, 15, 4, 5, offset: -750)),
        ]
        for (text, expected) in dates {
            #expect(RFC822Bytes.parse(text, zones: FeedDateParser.zones) == expected, "\(text)")
            #expect(FeedDateParser.parse(text) == expected, "\(text)")
        }
    }

    @Test("other forms are left to the general reading, which still reads them")
    func otherDates() {
        let dates: [(String, Date?)] = [
            ("Mon, 02 Jan 06 15:04:05 +0000", Self.instant(2006, 1, 2, 15, 4, 5)),
            ("Monday, 02 January 2006 15:04:05 +0000", Self.instant(2006, 1, 2, 15, 4, 5)),
            ("Mon, 02 Jan 2006 15:04:05 +00:00", Self.instant(2006, 1, 2, 15, 4, 5)),
            ("Mon, 02 Jan 2006 15:04:05 XYZ", Self.instant(2006, 1, 2, 15, 4, 5)),
            ("Sun Jan  4 16:29:06 PST 2004", Self.instant(2004, 1, 4, 16, 29, 6, offset: -480)),
            ("2004-01-04T16:29:06Z", Self.instant(2004, 1, 4, 16, 29, 6)),
            ("Sat, 30 Feb 2008 12:00:00 +0000", nil),
        ]
        for (text, expected) in dates {
            #expect(RFC822Bytes.parse(text, zones: FeedDateParser.zones) == nil, "\(text)")
            #expect(FeedDateParser.parse(text) == expected, "\(text)")
        }
    }

    @Test("ASCII styles, read as bytes, keep what the rules keep")
    func styles() {
        let styles: [(String, String)] = [
            ("COLOR : Red ; position: absolute; margin: 0 auto", "COLOR: Red; margin: 0 auto;"),
            (";;color:blue;;", "color: blue;"), ("\tcolor:\tgreen\n", "color: green;"), (":red", ""), ("color:", ""),
            ("color::red", "color: :red;"), ("a:b:c", ""), ("color: red /* x */", ""), ("color: \\72 ed", ""),
            ("background: url(x.png)", ""), ("width: expression(alert(1))", ""), ("color: JavaScript:x", ""),
            ("border: 1px solid #ccc", "border: 1px solid #ccc;"), ("padding: 1qq", ""), ("margin: 10% 2.5em", "margin: 10% 2.5em;"),
            ("font-family: Georgia, serif", "font-family: Georgia, serif;"),
            ("color: red; font-family: Caf\u{E9}", "color: red; font-family: Caf\u{E9};"),
        ]
        for (style, expected) in styles {
            #expect(CSSSanitizer.sanitize(style) == expected, "\(style)")
        }
    }
}

/// The byte readings of styles, schemes and person strings against the character-wise ones they stand in for.
@Suite("Byte readings agree with the character-wise ones")
struct FeedByteReadingAgreementTests {
    @Test("random ASCII styles: the byte reading keeps what the character-wise reading keeps")
    func styles() {
        var generator = SplitMix(state: 1126)
        let pieces = ["color", "COLOR", "background", "border-top", "margin", "padding-left", "font-size", "position", "width",
                      ":", ":", "::", ";", ";", " ", "\t", "\n", "\r\n", ",", "red", "Red", "#ccc", "#12zz", "rgb(1,2,3)",
                      "rgb(1, 2)", "1px", "2.5em", "10%", "1qq", "auto", "!important", "solid", "url(x)", "expression(",
                      "JavaScript:", "/*", "\\", "-webkit-x", "initial", "0", ".5pt", "transparent"]
        for _ in 0..<3000 {
            let style = (0..<Int(generator.next() % 12)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            #expect(CSSSanitizer.sanitize(style) == CSSSanitizer.sanitizeCharacters(style), "\(style.debugDescription)")
        }
    }

    @Test("schemes read from bytes where the characters would give the same")
    func schemes() {
        let cases: [(String, String?)] = [
            ("http://a/b", "http"), ("HTTPS://a", "https"), ("mailto:x@y", "mailto"), ("git+ssh://h", "git+ssh"),
            ("a.b-c:x", "a.b-c"), ("1http://a", nil), ("/path:x", nil), ("no-colon", nil), (":x", nil), ("x:", "x"),
            ("caf\u{E9}:x", nil), ("http:\u{301}//a", nil), ("h\u{301}ttp://a", nil), ("ja\nvascript:x", nil),
        ]
        for (reference, expected) in cases {
            #expect(URLResolver.scheme(of: reference) == expected, "\(reference.debugDescription)")
        }
    }

    @Test("a person string's parts removed as Foundation removes them")
    func removals() {
        var generator = SplitMix(state: 26)
        let pieces = ["a", "b", "(", ")", "<", ">", "[", "]", "mailto:", "x@y.z", " ", "ab", "\u{E9}", "e\u{301}"]
        for _ in 0..<2000 {
            let text = (0..<Int(generator.next() % 10)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            for part in ["()", "<>", "mailto:", "x@y.z", "ab", "e"] {
                #expect(PersonText.removing(part, from: text) == text.replacingOccurrences(of: part, with: ""),
                        "\(text.debugDescription) \(part)")
            }
        }
    }
}

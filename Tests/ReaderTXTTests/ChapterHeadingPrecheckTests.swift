import Foundation
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// The byte-level first-word check (``ChapterHeadingDetector/mayBeKeywordHeading(_:from:to:)``)
/// lets through every line the full detector takes for a heading, so refusing the others early
/// changes no result; and it refuses ordinary prose, which is what makes it worth having.
@Suite struct ChapterHeadingPrecheckTests {
    let detector = ChapterHeadingDetector()

    static let headings = [
        "Chapter 1", "CHAPTER XII", "CHAPTER I. THE POOL OF TEARS", "Part One", "PART II", "Book 3", "Volume I",
        "ACT III", "Scene 2. A Room in the Castle", "Prologue", "EPILOGUE", "Chapitre 1", "Kapitel 4", "Capitolo 3",
        "Capítulo 2", "CAPÍTULO V", "KAPITOLA I. Dolů Králičí dírou", "FEJEZET II. A könnyek medencéje",
        "I. FEJEZET.", "V. FEJEZET Tanácsok egy Caterpillartól", "IV. Kapitel", "Rozdział 1", "Libro 2", "Livre I",
        "I.", "XIV", "IV", "XXV.", "xiv", "MCMXCIX. Kapitel", "Introduction", "PREFACE", "Foreword", "Introduction:",
        "XIV  ", "XIV\t", "LIVRE II", "CHAPTER", "Chapter", "Intro",
        "1. Kapitel", "12. FEJEZET", "3. Rozdział", "4. rész", "1.\u{00A0}Kapitel", "2.\tTeil Zwei", "1\u{FF12}. Kapitel",
        "1999. Buch", "7. kniha",
    ]

    static let prose = [
        "I went down to the harbour before the light.", "It was late.", "In the morning she left.",
        "Left behind, the boat drifted.", "Carrow did not answer.", "Very well, she said.",
        "X marks the spot.", "Did you see it?", "I", "The keeper climbed the stair.",
        "1. Look at the light before you sleep.", "23:20 it reported a fault.", "12345. Kapitel", "1.Kapitel", "3. Teilweise",
        "1999. The year it rained.", "Thé dansant at four.", "Nell’s boat was late.", "She said “no”.",
    ]

    @Test("every heading passes the byte check", arguments: headings)
    func headingsPass(line: String) {
        let standalone = detector.headingLevel(of: line[...], previousLineBlank: true, nextLineBlank: true)
        let inText = detector.headingLevel(of: line[...], previousLineBlank: false, nextLineBlank: false)
        if standalone != nil || inText != nil { #expect(Self.passes(line), "\(line)") }
    }

    @Test("the number-first headings in the list are headings, so the check is tried on real ones")
    func numberFirstHeadingsAreHeadings() {
        for line in Self.headings where line.first?.isNumber == true {
            #expect(detector.headingLevel(of: line[...], previousLineBlank: true, nextLineBlank: true) != nil, "\(line)")
        }
    }

    @Test func proseStartingWithACapitalOrADigitIsRefusedOnItsBytes() {
        for line in Self.prose where line != "I" {
            #expect(!Self.passes(line), "\(line)")
        }
        // A lone Roman numeral letter may be a heading between blank lines.
        #expect(Self.passes("I"))
    }

    /// Every line of real books in several languages: none that the full detector takes for a
    /// heading is refused by the byte check.
    @Test(.enabled(if: TestLocation.corpusAvailable, "corpus not found at \(TestLocation.corpus.path)"),
          arguments: ["txt/utf-8/en_alice_pg11.txt", "txt/utf-8/ru_tolstoy_war-and-peace_vol1.txt"])
    func corpusHeadingsPass(book: String) throws {
        let text = try ChapterHeadingFixtures.utf8Text(TestLocation.corpus.appendingPathComponent(book))
        var headings = 0, refused = 0
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let isHeading = detector.headingLevel(of: line, previousLineBlank: true, nextLineBlank: true) != nil
            let passes = Self.passes(String(line))
            if isHeading {
                headings += 1
                #expect(passes, "\(book): \(line)")
            } else if !passes {
                refused += 1
            }
        }
        #expect(headings > 10)
        #expect(refused > 100, "\(book): the check refuses prose early")
    }

    @Test("the lead-byte set holds the first byte of every character a heading can start with, and refuses prose starts")
    func leadBytes() {
        let set = ChapterHeadingDetector.LeadBytes.headingStarts
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), ChapterHeadingDetector.canStartHeading(scalar) else { continue }
            #expect(set.contains(UTF8.encode(scalar)!.first!), "U+\(String(value, radix: 16))")
        }
        for refused in ["a", "z", "“", "‘", "—", "\"", "(", "*", "_", "G", "W", "Y"] {
            #expect(!set.contains(Array(refused.utf8)[0]), "\(refused)")
        }
        for headingStart in ["C", "P", "B", "I", "1", "第", "Г", "Κ", "ا"] {
            #expect(set.contains(Array(headingStart.utf8)[0]), "\(headingStart)")
        }
    }

    /// Whether the check lets `line` through, from its first non-blank byte as the scan calls it.
    static func passes(_ line: String) -> Bool {
        var line = line
        return line.withUTF8 { bytes in
            var first = 0
            while first < bytes.count, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            guard first < bytes.count else { return false }
            return ChapterHeadingDetector.mayBeKeywordHeading(bytes, from: first, to: bytes.count)
        }
    }
}

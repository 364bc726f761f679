import Testing
@testable import ReaderCore

/// Terminal cell widths of characters.
@Suite struct LayoutCellWidthTests {
    @Test("Single characters", arguments: [
        ("a", 1), (" ", 1), ("~", 1), ("é", 1), ("ß", 1), ("Ж", 1), ("—", 1), ("“", 1), ("…", 1), ("│", 1),
        ("漢", 2), ("字", 2), ("あ", 2), ("カ", 2), ("한", 2), ("。", 2), ("、", 2), ("「", 2), ("\u{3000}", 2),
        ("！", 2), ("Ａ", 2), ("￥", 2), ("ｶ", 1), ("𠀋", 2), ("😀", 2), ("🤔", 2), ("🚀", 2), ("⌚", 2),
        ("\u{200B}", 0), ("\u{200D}", 0), ("\u{FEFF}", 0), ("\u{FE0F}", 0), ("\u{301}", 0), ("\u{20DD}", 0),
        ("\u{7}", 0), ("\u{1B}", 0), ("\u{85}", 0), ("\u{E0101}", 0),
    ])
    func characters(text: String, width: Int) {
        #expect(CellWidth.of(text) == width)
    }

    @Test("Clusters take the width of their widest part, emoji sequences two", arguments: [
        ("e\u{301}", 1), ("a\u{308}\u{304}", 1), ("👨‍👩‍👧‍👦", 2), ("👍🏽", 2), ("🏳️‍🌈", 2), ("🇯🇵", 2),
        ("❤️", 2), ("❤", 1), ("1️⃣", 2), ("\u{1100}\u{1161}\u{11A8}", 2), ("क्षि", 1), ("\r\n", 0),
    ])
    func clusters(text: String, width: Int) {
        #expect(text.count == 1)
        #expect(CellWidth.of(text) == width)
    }

    @Test func wideRangesAreSortedAndDisjoint() {
        let ranges = CellWidth.wideRanges
        for (range, next) in zip(ranges, ranges.dropFirst()) {
            #expect(range.first <= range.last)
            #expect(range.last < next.first)
        }
    }

    @Test func punctuationListsAreSortedForBinarySearch() {
        for list in [BreakProperties.closingScalars, BreakProperties.openingScalars] {
            #expect(zip(list, list.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    @Test func lookupTablesAgreeWithTheSlowPath() {
        ScalarTables.borrow { tables in
            for value in UInt32(0)..<0x31000 {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let fast = tables.info(of: value)
                let slow = ScalarInfo(computing: scalar)
                if fast.packed != slow.packed {
                    Issue.record("U+\(String(value, radix: 16)): table \(fast.packed) != computed \(slow.packed)")
                    return
                }
            }
        }
    }

    /// Characters and the break properties they should get.
    static let breakClassCases: [(String, BreakProperties)] = [
        ("。", [.noBreakBefore, .breakAround]), ("「", [.noBreakAfter, .breakAround]),
        ("ょ", [.noBreakBefore, .breakAround]), ("ー", [.noBreakBefore, .breakAround]),
        ("漢", [.letter, .breakAround]), ("あ", [.letter, .breakAround]), ("a", [.letter]), ("é", [.letter]),
        ("7", [.digit]), ("-", [.hyphen]), ("—", [.hyphen]), ("(", [.noBreakAfter]), ("”", [.noBreakBefore]),
        ("“", [.noBreakAfter]), (" ", [.space]), ("\t", [.space, .tab]), ("\n", [.forcedBreak]),
        ("\u{2028}", [.forcedBreak]), ("\u{200B}", [.breakAfter]), ("\u{A0}", []), ("😀", [.breakAround]),
    ]

    @Test("Break classes of common characters", arguments: breakClassCases)
    func breakClasses(text: String, expected: BreakProperties) {
        let scalar = text.unicodeScalars.first!
        #expect(ScalarInfo(computing: scalar).properties == expected)
    }
}

import ReaderHTML
import Testing

/// The sorting rules of EPUB CFI 1.1 § 3.2 (#sec-sorting) and § 3.4 for ranges.
@Suite("EPUB CFI document order")
struct CFIOrderingTests {
    private func cfi(_ text: String) throws -> EPUBCFI { try EPUBCFI(parsing: text) }

    private func order(_ lhs: String, _ rhs: String) throws -> EPUBCFI.DocumentOrder {
        try cfi(lhs).compareDocumentOrder(cfi(rhs))
    }

    /// The specification's example locations in its sample chapter, in reading order:
    /// before xxx, the second y (range start), before yyy, after yyy, digit 3 (range end),
    /// after 9, the img.
    @Test func specificationExamplesSortInReadingOrder() throws {
        let readingOrder = [
            "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:0)",
            "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:3[xx,y])",
            "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:0)",
            "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)",
            "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)",
            "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)",
            "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg])",
            "epubcfi(/6/14[chap05ref]!/4[body01]/10/2/1:3[2^[1^]])",
        ]
        let parsed = try readingOrder.map(cfi)
        for (earlier, later) in zip(parsed, parsed.dropFirst()) {
            #expect(earlier.compareDocumentOrder(later) == .before, "\(earlier) < \(later)")
            #expect(later.compareDocumentOrder(earlier) == .after)
            #expect(earlier < later)
        }
        #expect(parsed.reversed().sorted() == parsed)
    }

    /// Rule 2: bracketed assertions are ignored; side bias is a parameter and does not count.
    @Test func assertionsAreIgnored() throws {
        let plain = "epubcfi(/6/4!/4/10/2/1:3)"
        for variant in ["epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)",
                        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy;s=b])",
                        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[;s=b])"] {
            #expect(try order(plain, variant) == .same)
            #expect(try cfi(plain) != cfi(variant))
            // `<` stays a total order consistent with `==`.
            #expect(try (cfi(plain) < cfi(variant)) != (cfi(variant) < cfi(plain)))
        }
    }

    /// Rules 3 and 4: earlier steps matter more; indices and offsets compare as numbers.
    @Test func stepsAndOffsetsCompareNumerically() throws {
        #expect(try order("/4/2/1:5", "/4/10/1:0") == .before)
        #expect(try order("/4/10/1:9", "/4/10/1:10") == .before)
        #expect(try order("/6/4!/4/2", "/6/6!/2") == .before)
        #expect(try order("/4/10/1:99", "/4/10/2/1:0") == .before)
    }

    /// Rule 9: from least to most important, `:` then `/` then `~`/`@` then `!`; and a path that
    /// stops comes before one that goes on.
    @Test func stepTypesOrder() throws {
        #expect(try order("/4/16:3", "/4/16/1:0") == .before)
        #expect(try order("/4/16/1:0", "/4/16~1") == .before)
        #expect(try order("/4/16@1:1", "/4/16!/4") == .before)
        #expect(try order("/4/16", "/4/16:0") == .before)
        #expect(try order("/4/16", "/4/16/1:0") == .before)
    }

    /// Rules 5–8: time before place; an omitted time or place first; `y` before `x`.
    @Test func temporalAndSpatialOffsets() throws {
        #expect(try order("/4/16~1", "/4/16~2.5") == .before)
        #expect(try order("/4/16~10", "/4/16~9.99") == .after)
        #expect(try order("/4/16~0.5", "/4/16~0.25") == .after)
        #expect(try order("/4/16~2", "/4/16~2@0:0") == .before)
        #expect(try order("/4/16@0:0", "/4/16~0") == .before)
        #expect(try order("/4/16@90:10", "/4/16@10:20") == .before)
        #expect(try order("/4/16@10:20", "/4/16@20:20") == .before)
        #expect(try order("/4/16~3@50:50", "/4/16~3@50:50[;s=a]") == .same)
    }

    /// § 3.1.4: a path ending at an odd step means offset 0.
    @Test func oddStepWithoutOffsetIsOffsetZero() throws {
        #expect(try order("/4/10/3", "/4/10/3:0") == .same)
        #expect(try order("/4/10/3", "/4/10/3:1") == .before)
    }

    /// § 3.4: ranges compare by start, then end; a location is a range from itself to itself.
    @Test func rangesCompareByStartThenEnd() throws {
        let range = "epubcfi(/6/4!/4/10,/2/1:1,/3:4)"
        #expect(try order(range, "epubcfi(/6/4!/4/10,/2/1:1,/3:5)") == .before)
        #expect(try order(range, "epubcfi(/6/4!/4/10/2,/1:1,/1:2)") == .after)
        #expect(try order(range, "epubcfi(/6/4!/4/10/2/1:1)") == .after)
        #expect(try order(range, "epubcfi(/6/4!/4,/10/2/1:1,/10/3:4)") == .same)
        #expect(try order("epubcfi(/6/4!/4/10/2/1:1)", "epubcfi(/6/4!/4/10,/2/1:1,/2/1:1)") == .same)
    }
}

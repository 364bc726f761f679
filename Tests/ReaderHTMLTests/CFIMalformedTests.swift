import ReaderHTML
import Testing

@Suite("Malformed EPUB CFIs")
struct CFIMalformedTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var kind: CFIParseError.Kind
        var position: Int
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "", kind: .empty, position: 0),
        Case(text: "   ", kind: .empty, position: 3),
        Case(text: "epubcfi(/6/4", kind: .missingParenthesis, position: 12),
        Case(text: "epubcfi/6/4)", kind: .missingParenthesis, position: 7),
        Case(text: "epubcfi(", kind: .missingParenthesis, position: 8),
        Case(text: "epubcfi()", kind: .expectedStep, position: 8),
        Case(text: "epubcfi(6/4)", kind: .expectedStep, position: 8),
        Case(text: "epubcfi(!/4)", kind: .expectedStep, position: 8),
        Case(text: "epubcfi(/6/4!)", kind: .expectedStep, position: 13),
        Case(text: "epubcfi(/6/4!!/4)", kind: .expectedStep, position: 13),
        Case(text: "epubcfi(/6/4/)", kind: .expectedInteger, position: 13),
        // An odd (character data) index where an element must be: before a child or a `!`.
        Case(text: "epubcfi(/6/3/2)", kind: .elementStepExpected, position: 10),
        Case(text: "epubcfi(/6/3!/4/1:0)", kind: .elementStepExpected, position: 10),
        Case(text: "epubcfi(/6/4!/4/10/3,/1:0,/2)", kind: .elementStepExpected, position: 18),
        // The virtual /0 element has no children.
        Case(text: "epubcfi(/6/0/4)", kind: .elementStepExpected, position: 10),
        // Negative, zero-padded and overflowing indices and offsets.
        Case(text: "epubcfi(/-2)", kind: .expectedInteger, position: 9),
        Case(text: "epubcfi(/6/04)", kind: .leadingZero, position: 11),
        Case(text: "epubcfi(/6/4:007)", kind: .leadingZero, position: 13),
        Case(text: "epubcfi(/6/99999999999)", kind: .numberTooLarge, position: 11),
        Case(text: "epubcfi(/6/4:2147483648)", kind: .numberTooLarge, position: 13),
        Case(text: "epubcfi(/\(String(repeating: "9", count: 5_000)))", kind: .numberTooLarge, position: 9),
        Case(text: "epubcfi(/6/4:-1)", kind: .expectedInteger, position: 13),
        // Temporal and spatial numbers.
        Case(text: "epubcfi(/6/4~1.50)", kind: .invalidNumber, position: 13),
        Case(text: "epubcfi(/6/4~1.)", kind: .invalidNumber, position: 13),
        Case(text: "epubcfi(/6/4~01)", kind: .leadingZero, position: 13),
        Case(text: "epubcfi(/6/4@101:5)", kind: .spatialOffsetOutOfRange, position: 13),
        Case(text: "epubcfi(/6/4@5)", kind: .unexpectedCharacter, position: 14),
        // Assertions.
        Case(text: "epubcfi(/6/4[chap01ref)", kind: .unterminatedAssertion, position: 12),
        Case(text: "/4/2/1:3[yyy", kind: .unterminatedAssertion, position: 8),
        Case(text: "/4/2/1:3[yyy^", kind: .unterminatedAssertion, position: 8),
        Case(text: "/4/2/1:3[yyy;s=", kind: .unterminatedAssertion, position: 8),
        Case(text: "epubcfi(/6/4[chap^01])", kind: .invalidEscape, position: 17),
        Case(text: "/4/2/1:3[(;s=b]", kind: .unescapedSpecialCharacter, position: 9),
        Case(text: "/4/2/1:3[);s=b]", kind: .unescapedSpecialCharacter, position: 9),
        Case(text: "/4/2/1:3[a[b]", kind: .unescapedSpecialCharacter, position: 10),
        Case(text: "epubcfi(/6/4[])", kind: .emptyAssertionValue, position: 13),
        Case(text: "epubcfi(/6/4[a,])", kind: .emptyAssertionValue, position: 15),
        Case(text: "epubcfi(/6/4[,])", kind: .emptyAssertionValue, position: 14),
        Case(text: "epubcfi(/6/4[;=b])", kind: .emptyAssertionValue, position: 14),
        Case(text: "epubcfi(/6/4[;s])", kind: .invalidParameter, position: 15),
        Case(text: "epubcfi(/6/4[;s x=b])", kind: .invalidParameter, position: 15),
        Case(text: "epubcfi(/6/4[a,b,c])", kind: .unexpectedCharacter, position: 16),
        // Ranges and trailing text.
        Case(text: "epubcfi(/6/4:3,/2,/4)", kind: .rangeParentHasOffset, position: 14),
        Case(text: "epubcfi(/6/4,/2)", kind: .unexpectedCharacter, position: 15),
        Case(text: "epubcfi(/6/4,/2,/4,/6)", kind: .unexpectedCharacter, position: 18),
        Case(text: "epubcfi(/6/4))", kind: .unexpectedCharacter, position: 12),
        Case(text: "epubcfi(/6/4:3/2)", kind: .unexpectedCharacter, position: 14),
        Case(text: "/6/4 x", kind: .unexpectedCharacter, position: 4),
    ]

    @Test(arguments: cases)
    func throwsTypedErrorWithPosition(_ testCase: Case) {
        #expect(throws: CFIParseError(testCase.kind, at: testCase.position)) {
            try EPUBCFI(parsing: testCase.text)
        }
    }

    @Test(arguments: ["#epubcfi(/6/4[a%2])", "#epubcfi(/6/4[a%zz])", "#epubcfi(/6/4[%FF])"])
    func badPercentEncodingThrows(fragment: String) {
        #expect(throws: CFIParseError.self) { try EPUBCFI(uriFragment: fragment) }
        do {
            _ = try EPUBCFI(uriFragment: fragment)
        } catch {
            #expect(error.kind == .invalidPercentEncoding)
        }
    }

    /// Hostile input fails fast: a 10 MB string is refused by its length before any parsing,
    /// and inputs under the cap fail at the first step or parameter past the limit.
    @Test func hostileInputFailsFast() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            let huge = "epubcfi(" + String(repeating: "/2", count: 5_000_000) + ")"
            #expect(throws: CFIParseError(.tooLong, at: EPUBCFI.maximumLength)) { try EPUBCFI(parsing: huge) }
            let hugeFragment = "#" + String(repeating: "%2F2", count: 2_500_000)
            #expect(throws: CFIParseError.self) { try EPUBCFI(uriFragment: hugeFragment) }

            let manySteps = String(repeating: "/2", count: 30_000)
            #expect(throws: CFIParseError(.tooManySteps, at: 2 * EPUBCFI.maximumStepCount)) {
                try EPUBCFI(parsing: manySteps)
            }
            let manyParameters = "/4[" + String(repeating: ";a=b", count: 10_000) + "]"
            #expect(throws: CFIParseError.self) { try EPUBCFI(parsing: manyParameters) }
            let brackets = "/4" + String(repeating: "[", count: 60_000)
            #expect(throws: CFIParseError.self) { try EPUBCFI(parsing: brackets) }
        }
        // A guard against quadratic work (which would take hours on these inputs), not a speed
        // figure: the bound leaves room for a loaded 2-core machine.
        #expect(elapsed < .seconds(10))
    }

    @Test func longButValidAssertionsParse() throws {
        let escapes = String(repeating: "^^", count: 20_000)
        let cfi = try EPUBCFI(parsing: "/4/2/1:0[\(escapes)]")
        #expect(cfi.path.offset?.assertion?.textBefore == String(repeating: "^", count: 20_000))
        #expect(try EPUBCFI(parsing: cfi.description) == cfi)
    }
}

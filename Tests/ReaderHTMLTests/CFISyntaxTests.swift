import ReaderCore
import ReaderHTML
import Testing

/// Section numbers and ids refer to EPUB Canonical Fragment Identifiers 1.1
/// (https://w3c.github.io/epub-specs/epub33/epubcfi/, same text as idpf.org/epub/linking/cfi/epub-cfi.html).
@Suite("EPUB CFI syntax")
struct CFISyntaxTests {
    /// Every example CFI the specification publishes, as written there.
    static let specificationExamples = [
        // § 2.1 Introduction (#sec-epubcfi-intro), after `book.epub#`; § 3.1.10 Examples.
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)",
        // § 2.2 Syntax (#sec-epubcfi-syntax): a location after the text "2[1]".
        "epubcfi(/6/14[chap05ref]!/4[body01]/10/2/1:3[2^[1^]])",
        // § 2.3 Character escaping (#sec-epubcfi-escaping): the raw form, and the IRI-escaped form.
        #"epubcfi(/6/4!/4/10/2/1:3[Ф-"spa ce"-99%-aa^[bb^]^^])"#,
        #"epubcfi(/6/4!/4/10/2/1:3[Ф-"spa%20ce"-99%25-aa^[bb^]^^])"#,
        // § 3.1.8 Text location assertion (#sec-path-text-location).
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy])",
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:3[xx,y])",
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[,y])",
        // § 3.1.9 Side bias (#sec-path-side-bias).
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[;s=b])",
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy;s=b])",
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2[;s=b])",
        // § 3.1.10 Examples (#sec-path-examples).
        "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg])",
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:0)",
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:0)",
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)",
        // § 3.4 Simple ranges (#sec-ranges).
        "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)",
    ]

    @Test(arguments: specificationExamples)
    func specificationExampleRoundTrips(text: String) throws {
        let cfi = try EPUBCFI(parsing: text)
        #expect(cfi.description == text)
        #expect(try EPUBCFI(parsing: cfi.description) == cfi)
        #expect(try EPUBCFI(parsing: cfi.innerDescription) == cfi)
    }

    @Test func theIntroductionExampleHasTheExpectedParts() throws {
        let cfi = try EPUBCFI(parsing: "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)")
        #expect(cfi.path.segments.count == 2)
        #expect(cfi.path.segments[0].map(\.index) == [6, 4])
        #expect(cfi.path.segments[0][1].id == "chap01ref")
        #expect(cfi.path.segments[1].map(\.index) == [4, 10, 3])
        #expect(cfi.path.segments[1].map(\.id) == ["body01", "para05", nil])
        #expect(cfi.path.offset == .character(10))
        #expect(!cfi.isRange)
    }

    @Test func escapedAssertionsUnescape() throws {
        // § 2.2: "a location after the text 2[1]".
        let syntax = try EPUBCFI(parsing: "epubcfi(/6/14[chap05ref]!/4[body01]/10/2/1:3[2^[1^]])")
        #expect(syntax.path.offset?.assertion?.textBefore == "2[1]")
        // § 2.3: "the unescaped text is 'Ф-"spa ce"-99%-aa[bb]^'".
        let raw = try EPUBCFI(parsing: #"epubcfi(/6/4!/4/10/2/1:3[Ф-"spa ce"-99%-aa^[bb^]^^])"#)
        #expect(raw.path.offset?.assertion?.textBefore == #"Ф-"spa ce"-99%-aa[bb]^"#)
        #expect(EPUBCFI.Assertion.escaped("a^b[c](d),e;f=g") == "a^^b^[c^]^(d^)^,e^;f^=g")
    }

    /// § 2.3: the IRI, URI and aggressively percent-encoded forms of the raw example all decode
    /// to it. (The XML-attribute form, with `&#x22;`, needs XML unescaping first.)
    @Test(arguments: [
        #"#epubcfi(/6/4!/4/10/2/1:3[Ф-"spa%20ce"-99%25-aa^[bb^]^^])"#,
        "#epubcfi(/6/4!/4/10/2/1:3[%d0%a4-%22spa%20ce%22-99%25-aa^[bb^]^^])",
        "#epubcfi(/6/4!/4/10/2/1:3%5B%D0%A4-%22spa%20ce%22-99%25-aa%5E%5Bbb%5E%5D%5E%5E%5D)",
    ])
    func percentEncodedFragmentsDecode(fragment: String) throws {
        let raw = try EPUBCFI(parsing: #"epubcfi(/6/4!/4/10/2/1:3[Ф-"spa ce"-99%-aa^[bb^]^^])"#)
        #expect(try EPUBCFI(uriFragment: fragment) == raw)
    }

    @Test func assertionsAndParameters() throws {
        let text = try EPUBCFI(parsing: "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:3[xx,y])")
        #expect(text.path.offset?.assertion?.textBefore == "xx")
        #expect(text.path.offset?.assertion?.textAfter == "y")
        let afterOnly = try EPUBCFI(parsing: "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[,y])")
        #expect(afterOnly.path.offset?.assertion?.textBefore == nil)
        #expect(afterOnly.path.offset?.assertion?.textAfter == "y")
        let sided = try EPUBCFI(parsing: "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy;s=b])")
        #expect(sided.path.offset?.assertion?.sideBias == .before)
        #expect(sided.path.offset?.assertion?.textBefore == "yyy")
        let onStep = try EPUBCFI(parsing: "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2[;s=b])")
        #expect(onStep.path.lastStep?.assertion?.sideBias == .before)
        #expect(onStep.path.lastStep?.id == nil)
        // Unknown and vendor parameters are kept, in order, and printed back.
        let vendor = "epubcfi(/4/2[p1;vnd.acme=1,2;s=a]/1:0[;x=^;y])"
        let parsed = try EPUBCFI(parsing: vendor)
        #expect(parsed.description == vendor)
        #expect(parsed.path.segments[0][1].assertion?.parameter("vnd.acme") == ["1", "2"])
        #expect(parsed.path.segments[0][1].assertion?.sideBias == .after)
        #expect(parsed.path.offset?.assertion?.parameter("x") == [";y"])
    }

    /// § 3.1.5–3.1.7: the spec's temporal-spatial offset `~23.5@5.75:97.6`, on a path of its
    /// sample chapter; spatial and temporal offsets alone.
    @Test(arguments: [
        "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg]~23.5@5.75:97.6)",
        "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg]@0:100)",
        "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg]~0.25)",
        "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg]~3[;s=a])",
    ])
    func temporalAndSpatialOffsetsRoundTrip(text: String) throws {
        let cfi = try EPUBCFI(parsing: text)
        #expect(cfi.description == text)
        #expect(cfi.characterOffset == nil)
    }

    @Test func temporalSpatialValues() throws {
        let cfi = try EPUBCFI(parsing: "epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg]~23.5@5.75:97.6)")
        guard case .temporal(let seconds, let point)? = cfi.path.offset?.kind else {
            Issue.record("expected a temporal offset")
            return
        }
        #expect(seconds.doubleValue == 23.5)
        #expect(point?.x.description == "5.75")
        #expect(point?.y.doubleValue == 97.6)
    }

    @Test func rangesSplitIntoParentStartAndEnd() throws {
        let cfi = try EPUBCFI(parsing: "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)")
        #expect(cfi.isRange)
        #expect(cfi.path.description == "/6/4[chap01ref]!/4[body01]/10[para05]")
        #expect(cfi.range?.start.description == "/2/1:1")
        #expect(cfi.range?.end.description == "/3:4")
        #expect(cfi.start.description == "/6/4[chap01ref]!/4[body01]/10[para05]/2/1:1")
        #expect(cfi.end.description == "/6/4[chap01ref]!/4[body01]/10[para05]/3:4")
        #expect(cfi.characterOffset == 1)
    }

    /// Forms the grammar allows that are easy to get wrong: several indirections, an indirection
    /// straight to an offset, empty and `!`-led range subpaths, offsets as subpaths, virtual steps.
    @Test(arguments: [
        "epubcfi(/6/4!/4/2[svg]!/4/1:0)",
        "epubcfi(/6/4!:3)",
        "epubcfi(/6/4[chap01ref],!/4/2/1:0,!/4/4/1:3)",
        "epubcfi(/6/4!/4/10/3,:1,:3)",
        "epubcfi(/6/4!/4/10,,/3:4)",
        "epubcfi(/6/4!/4/10/0)",
        "epubcfi(/6/4!/4/10/4)",
        "epubcfi(/6/4!/4/10/3)",
    ])
    func unusualValidFormsRoundTrip(text: String) throws {
        let cfi = try EPUBCFI(parsing: text)
        #expect(cfi.description == text)
        #expect(try EPUBCFI(parsing: cfi.description) == cfi)
    }

    @Test func bareFormsAndWhiteSpaceAreAccepted() throws {
        let wrapped = try EPUBCFI(parsing: "epubcfi(/4/2/1:3)")
        #expect(try EPUBCFI(parsing: "/4/2/1:3") == wrapped)
        #expect(try EPUBCFI(parsing: "  epubcfi(/4/2/1:3)\n") == wrapped)
        #expect(try EPUBCFI(parsing: "/4/2,/1:0,/3:5").isRange)
        #expect(wrapped.innerDescription == "/4/2/1:3")
    }

    @Test func rawEqualsSignsInValuesAreTakenLiterallyAndPrintedEscaped() throws {
        let cfi = try EPUBCFI(parsing: "/4/2[a=b]/1:0[x=1]")
        #expect(cfi.path.segments[0][1].id == "a=b")
        #expect(cfi.description == "epubcfi(/4/2[a^=b]/1:0[x^=1])")
        #expect(try EPUBCFI(parsing: cfi.description) == cfi)
    }

    @Test func constructedValuesRoundTrip() throws {
        let assertion = EPUBCFI.Assertion.text(before: "a ]b,", after: "^(c)", sideBias: .before)
        let segments: [[EPUBCFI.Step]] = [
            [.init(index: 6), .init(index: 8, id: "x;y")],
            [.init(index: 4), .init(index: 7)],
        ]
        let path = EPUBCFI.Path(segments: segments, offset: .character(12, assertion: assertion))
        let cfi = EPUBCFI(path: path)
        #expect(cfi.description == "epubcfi(/6/8[x^;y]!/4/7:12[a ^]b^,,^^^(c^);s=b])")
        #expect(try EPUBCFI(parsing: cfi.description) == cfi)
        #expect(EPUBCFI.Assertion(value: "", trailingValue: "") == nil)
        #expect(EPUBCFI.Step(index: 4, id: "").assertion == nil)
    }

    @Test func parseErrorsBridgeToReaderError() {
        let error = CFIParseError(.unterminatedAssertion, at: 12)
        #expect(error.description == "EPUB CFI: unterminated assertion at offset 12")
        #expect(error.readerError.kind == .invalidLocator)
    }
}

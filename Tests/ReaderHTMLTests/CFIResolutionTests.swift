import ReaderHTML
import ReaderTestSupport
import Testing

/// Generation and resolution against the sample chapter of EPUB CFI 1.1 § 3.1.10.
@Suite("EPUB CFI generation and resolution")
struct CFIResolutionTests {
    let chapter = CFISamples.chapter01
    var index: ContentPathIndex { chapter.index }
    var xxx: Int { chapter.start(of: "xxx") }
    var yyy: Int { chapter.start(of: "yyy") }
    var digits: Int { chapter.start(of: "0123456789") }

    private func resolve(_ text: String, checkingText: Bool = true) throws -> CFIResolution {
        let document = chapter
        return index.resolve(try EPUBCFI(parsing: text), text: checkingText ? { document.text($0) } : nil)
    }

    // MARK: - The specification's examples

    /// § 3.1.10: each example lands where the specification says.
    @Test func specificationExamplesResolve() throws {
        // "the position right after the digit 9 in the paragraph with the ID para05"
        #expect(try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)").sourceOffset == digits + 10)
        // "Reference to the img element": it shows no text, so the next text.
        let image = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/16[svgimg])")
        #expect(image.sourceOffset == chapter.start(of: "Ninth"))
        // "just before xxx", "just before yyy", "just after yyy".
        #expect(try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:0)").sourceOffset == xxx)
        #expect(try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:0)").sourceOffset == yyy)
        #expect(try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)").sourceOffset == yyy + 3)
    }

    /// § 3.4: "the text from the second y in yyy up to (and including) digit 3".
    @Test func specificationRangeResolves() throws {
        let resolution = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)")
        #expect(resolution.sourceRange == (yyy + 1)..<(digits + 4))
        #expect(chapter.text(resolution.sourceRange) == "yy0123")
        #expect(resolution.sideBias == nil)
    }

    /// § 3.1.8 and § 3.1.9: text location assertions hold at the spec's locations; side bias
    /// comes through.
    @Test func textAssertionsAndSideBias() throws {
        let afterY = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy])")
        #expect(afterY.sourceOffset == yyy + 3)
        #expect(afterY.assertions == .held)
        // "[xx,y]": after xxx, before y, across the <em> boundary.
        let between = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:3[xx,y])")
        #expect(between.sourceOffset == yyy)
        #expect(between.assertions == .held)
        // "[,y]" after yyy does not hold there (a digit follows): the nearest place where a y
        // follows is before the last y.
        let afterOnly = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[,y])")
        #expect(afterOnly.sourceOffset == yyy + 2)
        #expect(afterOnly.assertions == .corrected)

        let sided = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3[yyy;s=b])")
        #expect(sided.sourceOffset == yyy + 3)
        #expect(sided.sideBias == .before)
        let onElement = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2[;s=b])")
        #expect(onElement.sourceOffset == yyy)
        #expect(onElement.sideBias == .before)
        #expect(try resolve("/4/10/2/1:3[;s=a]").sideBias == .after)
    }

    /// Generation gives the specification's CFIs back.
    @Test func generationWritesTheSpecificationsCFIs() throws {
        func cfi(_ offset: Int) -> String? {
            index.cfi(forSourceOffset: offset, spineIndex: 1, itemrefID: "chap01ref")?.description
        }
        #expect(cfi(digits + 9) == "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:9)")
        // After the 9 is also where the next paragraph starts: the offset belongs to it, and the
        // specification's CFI for it resolves to the same offset.
        #expect(cfi(digits + 10) == "epubcfi(/6/4[chap01ref]!/4[body01]/12/1:0)")
        #expect(try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)").sourceOffset == digits + 10)
        #expect(cfi(xxx) == "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/1:0)")
        #expect(cfi(yyy) == "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:0)")
        // An offset on a boundary belongs to the run that starts there: after yyy is before 0.
        #expect(cfi(yyy + 3) == "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:0)")
        #expect(try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1:3)").sourceOffset == yyy + 3)
        // The range ends on the run it closes.
        #expect(index.cfi(forSourceRange: (yyy + 1)..<(digits + 4), spineIndex: 1, itemrefID: "chap01ref")?.description
                == "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)")
        #expect(index.cfi(forSourceRange: yyy..<(yyy + 3), spineIndex: 1, itemrefID: "chap01ref")?.description
                == "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/2/1,:0,:3)")
        #expect(index.cfi(forSourceRange: 0..<3, spineIndex: 1)?.description
                == "epubcfi(/6/4!/4[body01]/2/1,:0,:3)")
    }

    @Test func spineHelpersBuildAndReadTheSpineStep() throws {
        let steps = [CFIStep(index: 4, id: "body01"), CFIStep(index: 10, id: "para05"), CFIStep(index: 3)]
        let built = EPUBCFI(spineIndex: 1, itemrefID: "chap01ref", contentPath: steps, characterOffset: 10)
        #expect(built.description == "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:10)")
        let parsed = try EPUBCFI(parsing: built.description)
        #expect(parsed.spineIndex == 1)
        #expect(parsed.spineItemID == "chap01ref")
        #expect(parsed.contentSteps == steps)
        #expect(parsed.characterOffset == 10)
        #expect(parsed.partialCFI == "/4[body01]/10[para05]/3:10")
        #expect(EPUBCFI(spineIndex: 0, contentPath: [CFIStep(index: 4)]).description == "epubcfi(/6/2!/4)")

        let range = try EPUBCFI(parsing: "epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/2/1:1,/3:4)")
        #expect(range.spineIndex == 1)
        #expect(range.partialCFI == "/4[body01]/10[para05],/2/1:1,/3:4")
        #expect(range.contentSteps.map(\.index) == [4, 10, 2, 1])

        // A reference to the spine item itself, and a partial CFI.
        let item = try EPUBCFI(parsing: "epubcfi(/6/4[chap01ref])")
        #expect(item.spineIndex == 1)
        #expect(item.contentSteps.isEmpty)
        #expect(index.resolve(item).sourceOffset == 0)
        let partial = try EPUBCFI(parsing: "/4[body01]/10[para05]/3:10")
        #expect(partial.spineIndex == nil)
        #expect(partial.contentSteps.count == 3)
        #expect(index.resolve(partial).sourceOffset == digits + 10)
    }

    /// § 3.5: the spine step's id wins over its index; epub.js asserts the `idref` instead.
    @Test func spineIDsCorrectTheSpineIndex() throws {
        func spineIndex(_ text: String) throws -> Int? {
            try EPUBCFI(parsing: text).spineIndex(correctedAgainst: CFISamples.spine)
        }
        #expect(try spineIndex("epubcfi(/6/4[chap01ref]!/4/2/1:0)") == 1)
        #expect(try spineIndex("epubcfi(/6/4[chap03ref]!/4/2/1:0)") == 3)
        #expect(try spineIndex("epubcfi(/6/4[chapter02]!/4/2/1:0)") == 2)
        #expect(try spineIndex("epubcfi(/6/4[chapter01]!/4/2/1:0)") == 1)
        #expect(try spineIndex("epubcfi(/6/8!/4/2/1:0)") == 3)
        #expect(try spineIndex("epubcfi(/6/4[gone]!/4/2/1:0)") == nil)
        #expect(try spineIndex("epubcfi(/6/12!/4/2/1:0)") == nil)
        #expect(try spineIndex("/4/2/1:0") == nil)
    }

    // MARK: - CFIs written by other reading systems

    /// A path that disagrees with its ids (the document was revised, or the writer counted
    /// differently): the deepest known id wins.
    @Test func idAssertionsCorrectWrongPaths() throws {
        let shifted = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/12[para05]/3:4)")
        #expect(shifted.sourceOffset == digits + 4)
        #expect(shifted.assertions == .corrected)
        let wrongBody = try resolve("epubcfi(/6/4[chap01ref]!/2[body01]/10[para05]/2/1:2)")
        #expect(wrongBody.sourceOffset == yyy + 2)
        #expect(wrongBody.assertions == .corrected)
        let agrees = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05]/3:4)", checkingText: false)
        #expect(agrees.assertions == .held)
        #expect(try resolve("/4/10/3:4", checkingText: false).assertions == .unchecked)
        // An id the document does not have: the path is all there is, and the check failed.
        let unknown = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para99]/3:4)")
        #expect(unknown.sourceOffset == digits + 4)
        #expect(unknown.assertions == .failed)
        #expect(index.sourceOffset(for: [CFIStep(index: 2, id: "svgimg")]) == chapter.start(of: "Ninth"))
    }

    /// Paths to elements, to runs with no shown text, to virtual steps and past the end.
    @Test func pathsThatDoNotEndInShownText() throws {
        #expect(try resolve("/4[body01]").sourceOffset == 0)
        #expect(try resolve("/4[body01]/10[para05]").sourceOffset == xxx)
        #expect(try resolve("/4/10/2").sourceOffset == yyy)
        // An img's alt text is not shown: the offset into it falls back to the element.
        #expect(try resolve("/4/16[svgimg]:3").sourceOffset == chapter.start(of: "Ninth"))
        // White space between paragraphs is not shown: the next text.
        #expect(try resolve("/4/9:1").sourceOffset == xxx)
        #expect(try resolve("/4/10/5:2").sourceOffset == chapter.start(of: "Sixth"))
        // Virtual elements: /0 before the first run, n+2 after the last child.
        #expect(try resolve("/4/10/0").sourceOffset == xxx)
        #expect(try resolve("/4/10/4").sourceOffset == chapter.start(of: "Sixth"))
        #expect(try resolve("/4/22").sourceOffset == index.sourceLength)
        #expect(try resolve("/6/2/1:0").sourceOffset == index.sourceLength)
        // The head is not shown.
        #expect(try resolve("/2/2/1:3").sourceOffset == 0)
        // An offset past the end of its run is clamped; an odd step alone means :0.
        #expect(try resolve("/4/10/1:99").sourceOffset == xxx + 3)
        #expect(try resolve("/4/10/3").sourceOffset == digits)
        // Temporal and spatial offsets resolve to their element.
        #expect(try resolve("/4/16[svgimg]~23.5@5.75:97.6").sourceOffset == chapter.start(of: "Ninth"))
    }

    /// Ranges as epub.js, foliate-js and Readium write them.
    @Test func rangesFromOtherReadingSystems() throws {
        let epubjs = try resolve("epubcfi(/6/4[chap01ref]!/4[body01]/10[para05],/1:1,/2/1:2)")
        #expect(chapter.text(epubjs.sourceRange) == "xxyy")
        let foliate = try resolve("epubcfi(/6/4!/4,/2/1:0,/10/3:10)")
        #expect(epubjs.sourceOffset == xxx + 1)
        #expect(foliate.sourceRange == 0..<(digits + 10))
        let sameRun = try resolve("/4/10/3,:2,:5")
        #expect(chapter.text(sameRun.sourceRange) == "234")
        // Subpaths that start with the indirection (the parent stops at the spine item).
        let split = try resolve("epubcfi(/6/4[chap01ref],!/4/2/1:0,!/4/4/1:3)")
        #expect(split.sourceRange == 0..<(chapter.start(of: "Second") + 3))
        let built = EPUBCFI(spineIndex: 1, itemrefID: "chap01ref",
                            start: CFIContentPosition(steps: [CFIStep(index: 4), CFIStep(index: 2), CFIStep(index: 1)],
                                                      characterOffset: 0),
                            end: CFIContentPosition(steps: [CFIStep(index: 6), CFIStep(index: 1)], characterOffset: 2))
        #expect(built.description == "epubcfi(/6/4[chap01ref],!/4/2/1:0,!/6/1:2)")
        #expect(try EPUBCFI(parsing: built.description) == built)
        #expect(built.spineIndex == 1)
        #expect(built.contentSteps.map(\.index) == [4, 2, 1])
        let backwards = try resolve("/4/10/3,:5,:2")
        #expect(backwards.sourceRange.isEmpty)
    }

    /// A text assertion that no longer matches moves the location to the asserted text, or
    /// fails when the text is gone.
    @Test func textAssertionsCorrectOrFail() throws {
        let moved = try resolve("/4/10/3:0[xxx]")
        #expect(moved.sourceOffset == yyy)
        #expect(moved.assertions == .corrected)
        let both = try resolve("/4/2/1:0[Fifth ,Sixth]")
        #expect(both.assertions == .failed)
        #expect(both.sourceOffset == 0)
        let collapsed = try resolve("/4/4/1:0[First.   \n,Second]")
        #expect(collapsed.sourceOffset == chapter.start(of: "Second"))
        #expect(collapsed.assertions == .held)
        let farAway = try resolve("/4/2/1:0[,Tenth]")
        #expect(farAway.sourceOffset == chapter.start(of: "Tenth"))
        #expect(farAway.assertions == .corrected)
        #expect(try resolve("/4/10/3:0[xxx]", checkingText: false).assertions == .unchecked)
    }

    // MARK: - Edges

    @Test func emptyIndexAndOutOfRangeOffsets() {
        let empty = ContentPathIndex()
        #expect(empty.cfiPath(forSourceOffset: 0) == nil)
        #expect(empty.sourceOffset(for: [CFIStep(index: 4), CFIStep(index: 1)], characterOffset: 3) == 0)
        #expect(index.cfiPath(forSourceOffset: -1) == nil)
        #expect(index.cfiPath(forSourceOffset: index.sourceLength + 1) == nil)
        let end = index.cfiPath(forSourceOffset: index.sourceLength)
        #expect(end?.steps.map(\.index) == [4, 20, 1])
        #expect(end?.characterOffset == "Tenth.".utf16.count)
    }

    /// Character offsets count UTF-16 code units (§ 3.1.4), like source offsets: an offset
    /// inside a surrogate pair stays inside it.
    @Test func offsetsCountUTF16CodeUnits() {
        var builder = CFIIndexBuilder()
        builder.run([CFIStep(index: 4), CFIStep(index: 2), CFIStep(index: 1)], "a𝄞b")
        let document = builder.document
        #expect(document.index.sourceLength == 4)
        let inside = document.index.cfiPath(forSourceOffset: 2)
        #expect(inside?.characterOffset == 2)
        let after = document.index.cfiPath(forSourceOffset: 3)
        #expect(after?.characterOffset == 3)
        #expect(document.index.sourceOffset(for: [CFIStep(index: 4), CFIStep(index: 2), CFIStep(index: 1)],
                                            characterOffset: 3) == 3)
    }

    /// Empty runs the converter kept, and text the index does not cover.
    @Test func emptyRunsAndGaps() {
        let body = CFIStep(index: 4)
        let index = ContentPathIndex(chunks: [
            TextChunk(path: [body, CFIStep(index: 2), CFIStep(index: 1)], sourceStart: 0, length: 5),
            TextChunk(path: [body, CFIStep(index: 4), CFIStep(index: 1)], sourceStart: 5, length: 0),
            TextChunk(path: [body, CFIStep(index: 6), CFIStep(index: 1)], sourceStart: 5, length: 3),
            TextChunk(path: [body, CFIStep(index: 8), CFIStep(index: 1)], sourceStart: 10, length: 2),
        ], sourceLength: 12)
        #expect(index.cfiPath(forSourceOffset: 5)?.steps.map(\.index) == [4, 6, 1])
        #expect(index.cfiPath(forSourceOffset: 8)?.steps.map(\.index) == [4, 6, 1])
        #expect(index.cfiPath(forSourceOffset: 8)?.characterOffset == 3)
        #expect(index.cfiPath(forSourceOffset: 9)?.steps.map(\.index) == [4, 8, 1])
        #expect(index.cfiPath(forSourceOffset: 9)?.characterOffset == 0)
        #expect(index.sourceOffset(for: [body, CFIStep(index: 4), CFIStep(index: 1)], characterOffset: 2) == 5)
        #expect(index.sourceOffset(for: [body, CFIStep(index: 4)]) == 5)
    }
}

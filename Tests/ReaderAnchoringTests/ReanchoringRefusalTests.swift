import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderAnchoring

/// When the context cannot settle the place: text found nowhere, no context at all, the same
/// text in two places, and inputs far larger than any real Locator's.
@Suite("Re-anchoring: refusals and ambiguity")
struct ReanchoringRefusalTests {
    private let english = ParagraphDocument(paragraphs: SourceTexts.english)

    @Test("text that is nowhere in the document is refused, with the best confidence in the reason")
    func noMatch() throws {
        let russian = ParagraphDocument(paragraphs: SourceTexts.russian)
        let target = try AnchorTarget(document: english)
        for position in try AnchorSampling.positions(in: russian, count: 20, seed: 3) {
            let error = readerError { _ = try target.locate(try russian.locator(at: position)) }
            #expect(error?.kind == .anchorNotFound)
            #expect(error?.reason.contains("best confidence") == true)
            #expect(error?.file == english.path)
        }
        let scrambled = Locator(href: "x", type: "text/plain", text: .init(before: "Qwv zzkx jjq pfft brrm", highlight: "ghxq wwv kkp"))
        #expect(readerError { _ = try target.locate(scrambled) }?.kind == .anchorNotFound)
    }

    @Test("a Locator without context is refused unless progression is asked for")
    func noContext() throws {
        let target = try AnchorTarget(document: english)
        let bare = Locator(href: "part0.txt", type: "text/plain", locations: .init(totalProgression: 0.5))
        let blank = Locator(href: "part0.txt", type: "text/plain", locations: .init(totalProgression: 0.5),
                            text: .init(before: " \n", highlight: "\u{00AD}", after: ""))
        for locator in [bare, blank] {
            let error = readerError { _ = try target.locate(locator) }
            #expect(error?.kind == .invalidLocator)
            #expect(error?.reason.contains("no text context") == true)
        }
        let fallback = ReanchoringOptions(fallsBackToProgression: true)
        let match = try target.locate(bare, options: fallback)
        #expect(match.method == .progression)
        #expect(match.confidence == AnchorMatch.progressionConfidence)
        let middle = try target.normalizedIndex(of: match.position)
        #expect(abs(Double(middle) / Double(target.text.count) - 0.5) < 0.01)
        let nothing = Locator(href: "part0.txt", type: "text/plain")
        #expect(readerError { _ = try target.locate(nothing, options: fallback) }?.kind == .invalidLocator)
    }

    @Test("the same passage twice: progression breaks the tie, at a lower confidence")
    func repeatedPassage() throws {
        let chorus = "Keep the light burning and the logbook honest, whatever the weather brings."
        var paragraphs = Array(SourceTexts.english[..<60])
        paragraphs.insert(chorus, at: 50)
        paragraphs.insert(chorus, at: 5)
        let document = ParagraphDocument(paragraphs: paragraphs)
        let target = try AnchorTarget(document: document)
        let unique = try target.locate(try document.locator(at: TextPosition(section: 0, block: 20, offset: 10)))
        #expect(unique.equallyGoodPlaces == 1)

        for block in [5, 51] {
            let position = TextPosition(section: 0, block: block, offset: 17)
            let locator = try document.locator(at: position)
            let match = try target.locate(locator)
            #expect(match.position == position)
            #expect(match.equallyGoodPlaces == 2)
            #expect(match.confidence < unique.confidence)
            #expect(match.confidence >= ReanchoringOptions.defaultMinimumConfidence)

            // The progression in the resource the href names serves as well.
            var withoutProgression = locator
            withoutProgression.locations.totalProgression = nil
            #expect(try target.locate(withoutProgression).position == position)
            withoutProgression.locations.progression = nil
            let error = readerError { _ = try target.locate(withoutProgression) }
            #expect(error?.kind == .anchorNotFound)
            #expect(error?.reason.contains("best confidence 0.40") == true)
        }
    }

    @Test("the threshold decides between an answer and a refusal")
    func threshold() throws {
        let original = ParagraphDocument(paragraphs: ["The ferry left Nell Carrow on the slipway at Gannet Rock a little after four o’clock."])
        let edited = ParagraphDocument(paragraphs: ["The boat left Nell Carrow on the jetty at Gannet Rock just after five o’clock."])
        let locator = try original.locator(at: TextPosition(section: 0, block: 0, offset: 27))
        let target = try AnchorTarget(document: edited)
        let lenient = try target.locate(locator, options: ReanchoringOptions(minimumConfidence: 0))
        #expect(lenient.method == .fuzzyContext)
        #expect(lenient.position.offset == 26)  // "on the jetty", after the unchanged "Nell Carrow "
        #expect(lenient.confidence < 1)
        let strict = ReanchoringOptions(minimumConfidence: (lenient.confidence + 1) / 2)
        #expect(readerError { _ = try target.locate(locator, options: strict) }?.kind == .anchorNotFound)
    }

    @Test("huge contexts and huge repetitive targets stay bounded")
    func boundedWork() throws {
        let long = String(repeating: "the tide is turning grey and green ", count: 3_000)
        let repetitive = ParagraphDocument(paragraphs: Array(repeating: long, count: 10))
        let target = try AnchorTarget(document: repetitive)
        let locator = Locator(href: "part0.txt", type: "text/plain", locations: .init(totalProgression: 0.7),
                              text: .init(before: long, highlight: long, after: long))
        let clock = ContinuousClock()
        var match: AnchorMatch?
        let elapsed = clock.measure { match = try? target.locate(locator, options: ReanchoringOptions(minimumConfidence: 0)) }
        #expect(match?.contextLength == 2 * BitParallelMatcher.maximumPatternLength)
        #expect(match.map { $0.equallyGoodPlaces > 1 } == true)
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}

import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderAnchoring

/// Locators re-anchored into a corrected re-issue: a copy with words deleted, inserted and
/// misspelt. Positions at the start of words the edits left alone must land on the same word.
@Suite("Re-anchoring: an edited text")
struct ReanchoringEditedTextTests {
    @Test("words the edits left alone are found, by alignment where their context changed",
          arguments: [("english", 0.05), ("english", 0.12), ("russian", 0.08), ("chinese", 0.06)])
    func editedCopy(language: String, rate: Double) throws {
        let paragraphs = ["english": SourceTexts.english, "chinese": SourceTexts.chinese, "russian": SourceTexts.russian][language]!
        let original = ParagraphDocument(paragraphs: paragraphs)
        let copy = EditedCopy(paragraphs, rate: rate, seed: 0xED17, spaced: language != "chinese")
        let edited = ParagraphDocument(paragraphs: copy.paragraphs)
        let target = try AnchorTarget(document: edited)
        var random = SeededRandom(seed: 99)
        var right = 0, refused = 0, wrong = 0, fuzzy = 0
        let trials = 200
        for _ in 0..<trials {
            let word = copy.keptWords.randomElement(using: &random)!
            do {
                let match = try target.locate(try original.locator(at: word.original))
                if match.method == .fuzzyContext { fuzzy += 1 }
                if match.position == word.edited { right += 1 } else { wrong += 1 }
            } catch {
                #expect(error.kind == .anchorNotFound)
                refused += 1
            }
        }
        print("edited \(language) at \(rate): \(right) right, \(refused) refused, \(wrong) wrong, \(fuzzy) by alignment")
        #expect(Double(right) >= 0.95 * Double(trials))
        #expect(Double(wrong) <= 0.01 * Double(trials))
        #expect(fuzzy > trials / 4, "the edits should reach most contexts")
    }

    @Test("a misspelt highlight still places the position at the start of the word")
    func typoAtThePosition() throws {
        let original = ParagraphDocument(paragraphs: ["The lighthouse stood at the top of the island like a finger raised for silence."])
        let edited = ParagraphDocument(paragraphs: ["The lighthouse stood at the top of the island like a fniger raised for silence."])
        let position = TextPosition(section: 0, block: 0, offset: 53)
        #expect(original.sections[0][0].dropFirst(53).hasPrefix("finger"))
        let match = try Reanchoring.locate(try original.locator(at: position), in: edited)
        #expect(match.method == .fuzzyContext)
        #expect(match.editDistance == 2)
        #expect(match.position == position)
    }
}

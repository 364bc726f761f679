import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderAnchoring

/// Locators re-anchored into the text they were made on, or into a copy that differs only in the
/// ways normalisation removes: they land exactly where they were made, as exact matches.
@Suite("Re-anchoring: the same text")
struct ReanchoringSameTextTests {
    @Test("random positions land where they were made; only tiny paragraphs are refused",
          arguments: ["english", "chinese", "russian"])
    func sameDocument(language: String) throws {
        let paragraphs = ["english": SourceTexts.english, "chinese": SourceTexts.chinese, "russian": SourceTexts.russian][language]!
        let document = ParagraphDocument(sections: [Array(paragraphs[..<40]), Array(paragraphs[40...])])
        let target = try AnchorTarget(document: document)
        var landed = 0
        var refused = 0
        let positions = try AnchorSampling.positions(in: document, count: 150, seed: 7)
        for position in positions {
            let paragraph = document.sections[position.section][position.block]
            guard let match = try? target.locate(try document.locator(at: position)) else {
                #expect(paragraph.count < AnchorDecision.reliableLength, "refused in \(paragraph)")
                refused += 1
                continue
            }
            #expect(match.method == .exactContext)
            #expect(match.editDistance == 0)
            let right = match.position == position || Self.sameCharacter(match.position, position, in: document)
            #expect(right, "\(position) → \(match.position) in \(paragraph)")
            if right { landed += 1 }
        }
        #expect(refused <= positions.count / 50, "\(language): \(refused) refused")
        print("same \(language) text: \(landed) of \(positions.count) landed exactly, \(refused) refused")
    }

    /// Positions that normalisation cannot tell apart: the second of two spaces, a soft hyphen.
    private static func sameCharacter(_ found: TextPosition, _ made: TextPosition, in document: ParagraphDocument) -> Bool {
        guard found.section == made.section, found.block == made.block else { return false }
        let units = Array(document.sections[made.section][made.block].utf16)
        let between = units[min(found.offset, made.offset)..<max(found.offset, made.offset)]
        return String(decoding: between, as: UTF16.self).allSatisfy { $0.isWhitespace }
    }

    @Test("an unsmartened copy (straight quotes, --- for dashes, ... for the ellipsis, doubled spaces) matches exactly")
    func typographicVariants() throws {
        let original = ParagraphDocument(paragraphs: SourceTexts.english)
        let plain = SourceTexts.english.map { paragraph in
            paragraph.replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "‘", with: "'")
                .replacingOccurrences(of: "“", with: "\"").replacingOccurrences(of: "”", with: "\"")
                .replacingOccurrences(of: "—", with: "---").replacingOccurrences(of: "…", with: "...")
                .replacingOccurrences(of: " ", with: "  ")
        }
        #expect(plain != SourceTexts.english)
        let copy = ParagraphDocument(paragraphs: plain)
        let target = try AnchorTarget(document: copy)
        for position in try AnchorSampling.positions(in: original, count: 100, seed: 11) {
            let match = try target.locate(try original.locator(at: position))
            #expect(match.method == .exactContext)
            let made = PositionWords.inBlock(SourceTexts.english[position.block], at: position.offset, before: 2, after: 5)
            let found = try PositionWords.around(match.position, in: copy, before: made.before.count, after: made.after.count)
            #expect(found.before == made.before && found.after == made.after, "\(position) → \(match.position)")
        }
    }

    @Test("a decomposed (NFD) copy matches a composed Locator; ё for е matches only when diacritics fold")
    func combiningMarks() throws {
        let original = ParagraphDocument(paragraphs: SourceTexts.russian + ["Le café où l’on dîne, naïve façade."])
        let decomposed = ParagraphDocument(paragraphs: original.sections[0].map(\.decomposedStringWithCanonicalMapping))
        let withoutYo = ParagraphDocument(paragraphs: original.sections[0].map { $0.replacingOccurrences(of: "ё", with: "е") })
        let decomposedTarget = try AnchorTarget(document: decomposed)
        let plainTarget = try AnchorTarget(document: withoutYo)
        let foldingTarget = try AnchorTarget(document: withoutYo, normalization: TextNormalization(foldsDiacritics: true))

        let cafe = TextPosition(section: 0, block: SourceTexts.russian.count, offset: 3)
        let match = try decomposedTarget.locate(try original.locator(at: cafe))
        #expect(match.method == .exactContext && match.position.offset == 3)

        let yoParagraph = try #require(SourceTexts.russian.firstIndex { $0.contains("ё") })
        let text = SourceTexts.russian[yoParagraph]
        let yoOffset = text.utf16.distance(from: text.startIndex, to: try #require(text.firstIndex(of: "ё")))
        let yo = TextPosition(section: 0, block: yoParagraph, offset: max(0, yoOffset - 3))
        let locator = try original.locator(at: yo)
        #expect(try plainTarget.locate(locator).method == .fuzzyContext)
        let folded = try foldingTarget.locate(locator)
        #expect(folded.method == .exactContext && folded.position == yo)
    }
}

import Testing
@testable import ReaderPDF

@Suite struct PDFHyphenationTests {
    private func vocabulary(_ text: String) -> PDFVocabulary {
        PDFVocabulary(lines: SyntheticPage(lines: [.init(x: 0, y: 0, text: text)]).pageText.lines())
    }

    @Test func aCutWordIsMended() {
        #expect(PDFHyphenation.join("a good exam-", "ple of it", vocabulary: PDFVocabulary()) == .removeHyphen)
    }

    @Test func aSoftHyphenIsAlwaysACut() {
        #expect(PDFHyphenation.join("well\u{00AD}", "known", vocabulary: vocabulary("well-known")) == .removeHyphen)
    }

    @Test func compoundHeadsKeepTheirHyphen() {
        #expect(PDFHyphenation.join("a well-", "known song", vocabulary: PDFVocabulary()) == .keepHyphen)
        #expect(PDFHyphenation.join("twenty-", "three boats", vocabulary: PDFVocabulary()) == .keepHyphen)
    }

    @Test func aCapitalAfterTheHyphenKeepsIt() {
        #expect(PDFHyphenation.join("Jean-", "Paul said", vocabulary: PDFVocabulary()) == .keepHyphen)
    }

    @Test func theDocumentsOwnSpellingDecides() {
        #expect(PDFHyphenation.join("the sea-", "green water", vocabulary: vocabulary("a sea-green coat")) == .keepHyphen)
        #expect(PDFHyphenation.join("some-", "thing else", vocabulary: vocabulary("something")) == .removeHyphen)
        #expect(PDFHyphenation.join("the sea-", "green water", vocabulary: vocabulary("sea and green")) == .keepHyphen)
    }

    @Test func halvesOfACutWordAreNotEvidence() {
        let words = PDFVocabulary(lines: SyntheticPage(lines: [
            .init(x: 0, y: 0, text: "an inter-"), .init(x: 0, y: 12, text: "esting day"),
        ]).pageText.lines())
        #expect(!words.contains("inter") && !words.contains("esting") && words.contains("day"))
    }

    @Test func ideographsJoinWithoutASpace() {
        #expect(PDFHyphenation.join("春と修", "羅の序", vocabulary: PDFVocabulary()) == .none)
        #expect(PDFHyphenation.join("the end", "of it", vocabulary: PDFVocabulary()) == .space)
    }

    @Test func aRangeKeepsItsDash() {
        #expect(PDFHyphenation.join("pages 10-", "20", vocabulary: PDFVocabulary()) == .keepHyphen)
        #expect(PDFHyphenation.join("a dash -", "then more", vocabulary: PDFVocabulary()) == .space)
    }
}

import Foundation
import Testing
@testable import ReaderAnchoring

@Suite("Text normalisation")
struct TextNormalizerTests {
    private func normalized(_ text: String, foldingDiacritics: Bool = false) -> String {
        var normalizer = TextNormalizer(TextNormalization(foldsDiacritics: foldingDiacritics))
        return String(decoding: normalizer.normalized(text), as: UTF16.self)
    }

    @Test("what calibre's conversions change compares equal", arguments: [
        ("“Wednesday,” he said — ’tis… late", "\"Wednesday,\" he said --- 'tis... late"),
        ("the keeper’s log", "the keeper's log"),
        ("Mr.\u{00A0}Hale", "Mr. Hale"),
        ("vapour\u{00AD}iser", "vapouriser"),
        ("two\u{200B}words", "twowords"),
        ("a \t\n\n  b", "a b"),
        ("1914–1918", "1914-1918"),
        ("«Почта»", "\"Почта\""),
        ("``quoted''", "''quoted''"),
        ("ﬁnd the ﬂag", "find the flag"),
        ("ＡＢＣ１２３", "abc123"),
    ])
    func unified(pair: (String, String)) {
        #expect(normalized(pair.0) == normalized(pair.1), "\(pair.0) vs \(pair.1)")
    }

    @Test("case folding goes beyond lower-casing")
    func caseFolding() {
        #expect(normalized("STRASSE") == normalized("straße"))
        #expect(normalized("ΣΟΦΟΣ") == normalized("σοφος"))
        #expect(normalized("The Keeper") == "the keeper")
        #expect(normalized("ЗИМНЯЯ ДОРОГА") == "зимняя дорога")
    }

    @Test("white space at the ends goes, runs of dashes become one")
    func collapsing() {
        #expect(normalized("  \u{3000}text\u{3000}\u{3000}more ") == "text more ")
        #expect(normalized("wait——no---yes") == "wait-no-yes")
    }

    @Test("diacritics are kept unless folding is asked for, in either composition")
    func diacritics() {
        let composed = "café ёлка"
        let decomposed = composed.decomposedStringWithCanonicalMapping
        #expect(composed.unicodeScalars.count != decomposed.unicodeScalars.count)
        #expect(normalized(composed) == normalized(decomposed))
        #expect(normalized(composed) != normalized("cafe елка"))
        #expect(normalized(composed, foldingDiacritics: true) == normalized("cafe елка", foldingDiacritics: true))
        // Japanese voiced kana keep their mark: it is not a Latin diacritic.
        #expect(normalized("が", foldingDiacritics: true) != normalized("か", foldingDiacritics: true))
    }

    @Test("Han text, ideographic punctuation and astral characters pass through")
    func cjk() {
        #expect(normalized("月亮花园。𠮷") == "月亮花园。𠮷")
        #expect(normalized("你好，世界！") == "你好,世界!")
    }

    @Test("every unit knows the UTF-16 offset it came from")
    func offsets() {
        var normalizer = TextNormalizer(TextNormalization())
        var output = NormalizedText(tracksOffsets: true)
        normalizer.append("A\u{00AD}B  c…𠮷d", to: &output)
        #expect(String(decoding: output.units, as: UTF16.self) == "ab c...𠮷d")
        #expect(output.sourceOffsets == [0, 2, 3, 5, 6, 6, 6, 7, 7, 9])
    }
}

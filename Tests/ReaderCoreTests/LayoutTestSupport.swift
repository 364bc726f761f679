@testable import ReaderCore
import ReaderTestSupport
import Testing

/// Builders and contract checks shared by the layout tests.
enum LayoutFixture {
    /// A block of `kind` holding `text`.
    static func block(_ text: String, _ kind: Block.Kind = .paragraph, listDepth: Int = 0,
                      quoteDepth: Int = 0) -> Block {
        Block(kind: kind, text: text, sourceMap: .contiguous(sourceStart: 0, length: text.utf16.count),
              listDepth: listDepth, quoteDepth: quoteDepth)
    }

    /// The cells `text` takes on screen.
    static func width(_ text: String) -> Int { CellWidth.of(text) }

    /// Closing punctuation and small kana that should not start a line.
    static let closing: Set<Character> = Set("）」』】〕〉》、。，．！？：；・ー!?),.;:]}”’»…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")

    /// Lays `block` out and checks the whole contract: lines exist, `lineCount` agrees, ranges
    /// tile the text on grapheme boundaries, lines fit unless one cluster is too wide, and every
    /// line's text is its range's text minus whitespace dropped at the end.
    @discardableResult
    static func verify(_ block: Block, columns: Int,
                       sourceLocation: SourceLocation = #_sourceLocation) -> [LayoutLine] {
        let lines = BlockLayout.lines(of: block, columns: columns)
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        #expect(BlockLayout.lineCount(of: block, columns: columns) == lines.count,
                "lineCount disagrees for \(block.text.debugDescription) at \(columns)", sourceLocation: sourceLocation)
        let units = Array(block.text.utf16)
        let boundaries = characterBoundaries(of: block.text)
        var expectedStart = 0
        for line in lines {
            #expect(line.textRange.lowerBound == expectedStart, "ranges do not tile", sourceLocation: sourceLocation)
            expectedStart = line.textRange.upperBound
            #expect(boundaries.contains(line.textRange.lowerBound) && boundaries.contains(line.textRange.upperBound),
                    "a grapheme cluster is split", sourceLocation: sourceLocation)
            #expect(!line.text.contains("\t") && !line.text.contains("\n"), sourceLocation: sourceLocation)
            let shown = width(line.prefix) + width(line.text)
            #expect(shown <= max(1, columns) || line.text.count == 1,
                    "line \(line.rendered.debugDescription) is \(shown) cells at \(columns)", sourceLocation: sourceLocation)
            if case .rule = block.kind { continue }
            guard line.textRange.upperBound <= units.count else { continue }
            let source = String(decoding: units[line.textRange], as: UTF16.self)
            checkShownText(line.text, from: source, preformatted: block.kind == .preformatted,
                           sourceLocation: sourceLocation)
        }
        #expect(expectedStart == units.count, "ranges do not reach the end", sourceLocation: sourceLocation)
        return lines
    }

    /// Checks that `shown` is `source` up to dropped trailing whitespace, tabs made spaces
    /// (compared scalar by scalar: a mark after a tab may join the space the tab became).
    private static func checkShownText(_ shown: String, from source: String, preformatted: Bool,
                                       sourceLocation: SourceLocation) {
        let whitespace: Set<Unicode.Scalar> = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}",
                                               "\u{2029}", "\u{1680}", "\u{205F}", "\u{2000}", "\u{2001}", "\u{2002}",
                                               "\u{2003}", "\u{2004}", "\u{2005}", "\u{2006}", "\u{2008}", "\u{2009}",
                                               "\u{200A}"]
        var kept = Array(source.unicodeScalars)
        var visible = Array(shown.unicodeScalars)
        if preformatted {
            // Tabs expand to a varying number of spaces: compare without spaces and tabs.
            kept.removeAll { $0 == " " || $0 == "\t" }
            visible.removeAll { $0 == " " }
        } else {
            kept = kept.map { $0 == "\t" ? " " : $0 }
        }
        #expect(kept.starts(with: visible), "\(shown.debugDescription) is not the start of \(source.debugDescription)",
                sourceLocation: sourceLocation)
        #expect(kept.dropFirst(visible.count).allSatisfy(whitespace.contains),
                "dropped text of \(source.debugDescription) is not whitespace", sourceLocation: sourceLocation)
    }

    /// The UTF-16 offsets of every `Character` boundary in `text`, both ends included.
    static func characterBoundaries(of text: String) -> Set<Int> {
        var offsets: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            offsets.insert(offset)
        }
        return offsets
    }

    /// Pieces random texts are made of: words, CJK, kana, Hangul, marks, emoji, breaks, tabs, URLs.
    static let pieces: [String] = [
        "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "well-known", "e-mail",
        "1-2", "(aside)", "[note]", "end.", "why?", "wow!", "“quoted”", "it’s", "«guillemets»", "—", "…",
        " ", " ", " ", "  ", "   ", "\t", "\n", "\n\n", "\r\n", "\r", "\u{2028}", "\u{00A0}", "\u{200B}",
        "https://example.com/a/long/path", "and/or", "supercalifragilisticexpialidocious",
        "漢字", "吾輩は猫である。", "名前はまだ無い。", "「こんにちは」", "ちょっと", "カタカナー", "、", "。", "，",
        "中文字符测试，", "（括号）", "한국어", "각\u{11A8}", "\u{1100}\u{1161}\u{11A8}", "ｶﾞｷﾞ", "ＡＢＣ",
        "e\u{301}", "a\u{308}\u{304}", "n\u{303}o", "\u{301}", "Привет", "Ελληνικά", "क्षि", "مرحبا",
        "\u{0600}1", "😀", "👍🏽", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇯🇵", "🇫🇷🇩🇪", "❤️", "1️⃣", "\u{1F1E6}",
        "x\u{200D}y", "\u{FEFF}", "\u{7}", "Ｗｉｄｅ", "½", "™", "😀😀😀😀😀😀",
    ]

    /// A random text of up to `pieceCount` pieces.
    static func randomText(using generator: inout SeededRandom, pieceCount: Int) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...pieceCount, using: &generator) {
            text += pieces.randomElement(using: &generator)!
        }
        return text
    }
}

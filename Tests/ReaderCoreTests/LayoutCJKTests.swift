import Testing
@testable import ReaderCore

/// Line breaking of CJK text, mixed scripts, emoji and combining sequences.
@Suite struct LayoutCJKTests {
    /// A Chinese paragraph with full-width punctuation and no spaces.
    static let chinese = "在很久很久以前，有一个小村庄。村庄里住着一位老人，他每天都去山上砍柴。有一天，他在山上遇到了一只受伤的小鸟！"
        + "他把小鸟带回家，细心地照顾它：“你会好起来的。”小鸟渐渐康复了（真是奇迹），飞回了天空……"

    /// A Japanese paragraph with kana, kanji and kinsoku punctuation.
    static let japanese = "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で"
        + "ニャーニャー泣いていた事だけは記憶している。吾輩はここで始めて人間というものを見た。「しかもあとで聞くと"
        + "それは書生という人間中で一番獰悪な種族であったそうだ」、ちょっと驚いた。"

    @Test("Chinese and Japanese break between ideographs, never before closing punctuation",
          arguments: [chinese, japanese], [6, 8, 11, 20, 40, 80])
    func breaksBetweenIdeographs(text: String, columns: Int) {
        let lines = LayoutFixture.verify(LayoutFixture.block(text), columns: columns)
        #expect(lines.map(\.text).joined() == text, "no character may be dropped: there are no spaces")
        for line in lines.dropLast() {
            #expect(LayoutFixture.width(line.text) >= columns - 5, "a line ends far too early: \(line.text)")
        }
        for line in lines {
            #expect(LayoutFixture.width(line.text) <= columns)
            if let first = line.text.first { #expect(!LayoutFixture.closing.contains(first), "\(line.text)") }
            if let last = line.text.last { #expect(!"（「『【〔〈《“".contains(last), "\(line.text)") }
        }
    }

    @Test func ideographsAreTwoCellsWide() {
        let lines = LayoutFixture.verify(LayoutFixture.block("吾輩は猫である。名前はまだ無い。"), columns: 10)
        #expect(lines.map(\.text) == ["吾輩は猫で", "ある。名前", "はまだ無", "い。"])
    }

    @Test func openingBracketsStayWithWhatFollows() {
        let lines = LayoutFixture.verify(LayoutFixture.block("今日は「晴れ」です"), columns: 8)
        #expect(lines.map(\.text) == ["今日は", "「晴れ」", "です"])
    }

    @Test func smallKanaAndProlongedSoundMarksDoNotStartLines() {
        #expect(LayoutFixture.verify(LayoutFixture.block("あちょっと"), columns: 6).map(\.text) == ["あ", "ちょっ", "と"])
        #expect(LayoutFixture.verify(LayoutFixture.block("カタカナー"), columns: 8).map(\.text) == ["カタカ", "ナー"])
    }

    @Test func anUnbreakableRunOfClosingPunctuationIsCutAnyway() {
        #expect(LayoutFixture.verify(LayoutFixture.block("。。。。。。"), columns: 4).map(\.text) == ["。。", "。。", "。。"])
    }

    @Test func latinAndCJKBreakAgainstEachOther() {
        #expect(LayoutFixture.verify(LayoutFixture.block("Swift是一种编程语言"), columns: 10).map(\.text)
                    == ["Swift是一", "种编程语言"])
        #expect(LayoutFixture.verify(LayoutFixture.block("中文English混排"), columns: 9).map(\.text)
                    == ["中文", "English混", "排"])
    }

    @Test func koreanBreaksAtSpacesAndBetweenSyllables() {
        let lines = LayoutFixture.verify(LayoutFixture.block("한국어 문장을 나눕니다"), columns: 8)
        #expect(lines.map(\.text) == ["한국어", "문장을", "나눕니다"])
    }

    @Test func aClusterWiderThanTheLineGetsALineOfItsOwn() {
        let lines = LayoutFixture.verify(LayoutFixture.block("漢字"), columns: 1)
        #expect(lines.map(\.text) == ["漢", "字"])
    }

    @Test func emojiSequencesAreNeverSplit() {
        let family = "👨‍👩‍👧‍👦"
        #expect(LayoutFixture.width(family) == 2)
        let families = LayoutFixture.verify(LayoutFixture.block(family + family + family), columns: 4)
        #expect(families.map(\.text) == [family + family, family])
        #expect(families.map(\.textRange) == [0..<22, 22..<33])
        #expect(LayoutFixture.verify(LayoutFixture.block("🇯🇵🇫🇷🇩🇪"), columns: 5).map(\.text) == ["🇯🇵🇫🇷", "🇩🇪"])
        #expect(LayoutFixture.verify(LayoutFixture.block("I ❤️ 👍🏽 emoji"), columns: 5).map(\.text) == ["I ❤️", "👍🏽", "emoji"])
    }

    @Test func combiningAccentsStayOnTheirBase() {
        let accented = String(repeating: "e\u{301}", count: 30)
        let lines = LayoutFixture.verify(LayoutFixture.block(accented), columns: 8)
        #expect(lines.map(\.text.count) == [8, 8, 8, 6])
        #expect(lines.allSatisfy { LayoutFixture.width($0.text) == $0.text.count })
        let decomposed = LayoutFixture.verify(LayoutFixture.block("cafe\u{301} noe\u{308}l"), columns: 5)
        #expect(decomposed.map(\.text) == ["cafe\u{301}", "noe\u{308}l"])
    }
}

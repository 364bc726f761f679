import ReaderCore
import ReaderTestSupport
import ReaderTransforms
import Testing

@Suite struct OffsetMapTests {
    @Test("an untransformed text maps to itself, and a chain of no transform changes nothing")
    func identity() throws {
        for text in ["", "a", "月亮花园", "emoji 👩‍👩‍👧 and 𠀋 text"] {
            let unchanged = TextTransformChain([]).apply(to: text)
            #expect(unchanged.text == text)
            #expect(unchanged.map.isIdentity)
            try OffsetMapChecks.check(unchanged, source: text)
            for offset in 0...text.utf16.count {
                #expect(unchanged.map.sourceOffset(forOutputOffset: offset) == offset)
                #expect(unchanged.map.outputOffset(forSourceOffset: offset) == offset)
            }
        }
        // A conversion with nothing to convert is the identity too.
        let ascii = try ChineseConversion(configuration: "s2t").apply(to: "plain ASCII text")
        #expect(ascii.map.isIdentity)
    }

    @Test("s2twp's phrase of another length (U盘 → 隨身碟) is a gap; the characters around it map exactly")
    func lengthChangingPhrase() throws {
        let source = "我的U盘坏了，鼠标也坏了。"
        let converted = try ChineseConversion(configuration: "s2twp").apply(to: source)
        #expect(converted.text == "我的隨身碟壞了，滑鼠也壞了。")
        try OffsetMapChecks.check(converted, source: source)
        let map = converted.map
        let units = Array(converted.text.utf16)
        func outputOffset(of text: String) -> Int {
            let needle = Array(text.utf16)
            return (0...(units.count - needle.count)).first { Array(units[$0..<$0 + needle.count]) == needle }!
        }
        #expect(map.sourceOffset(forOutputOffset: 0) == 0)  // 我
        #expect(map.sourceOffset(forOutputOffset: outputOffset(of: "隨身碟")) == 2)  // the phrase starts at U
        #expect(map.sourceOffset(forOutputOffset: outputOffset(of: "壞")) == 4)  // 坏, after 盘
        #expect(map.sourceOffset(forOutputOffset: outputOffset(of: "，")) == 6)
        #expect(map.sourceOffset(forOutputOffset: outputOffset(of: "滑鼠")) == 7)  // 鼠标 → 滑鼠, same length
        #expect(map.outputOffset(forSourceOffset: 3) == outputOffset(of: "隨身碟"))  // inside the phrase: its start
        #expect(map.outputOffset(forSourceOffset: 4) == outputOffset(of: "壞"))
    }

    @Test("random texts through random rule chains give maps that are monotone, in range and exact on runs")
    func randomRules() throws {
        var random = SeededRandom(seed: 17)
        let alphabet = Array("ab c\n漢字𠀋é")
        let rules = [
            try ReplacementRule(literal: "ab", replacement: "X"),
            try ReplacementRule(literal: "a", replacement: "aaa"),
            try ReplacementRule(literal: "𠀋", replacement: "z"),
            try ReplacementRule(regularExpression: "(b+) (c)", template: "$2-$1"),
            try ReplacementRule(regularExpression: "\\s+", template: " "),
            try ReplacementRule(regularExpression: "字", template: ""),
            try ReplacementRule(regularExpression: "(?=漢)", template: "<"),
        ]
        for _ in 0..<300 {
            let text = String((0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let chosen = (0..<Int.random(in: 1...4, using: &random)).map { _ in rules.randomElement(using: &random)! }
            let transform = ReplacementRules(name: "random", rules: chosen, digestOf: "")
            let result = transform.apply(to: text)
            try OffsetMapChecks.check(result, source: text)
            // Composing with s2t on top keeps the properties.
            let chain = TextTransformChain([transform, try ChineseConversion(configuration: "t2s")])
            try OffsetMapChecks.check(chain.apply(to: text), source: text)
        }
    }

    @Test("composition: a position maps through both transforms to the first one's source")
    func composition() throws {
        let rules = ReplacementRules(name: "t", rules: [try ReplacementRule(literal: "电脑", replacement: "计算机")], digestOf: "")
        let chain = TextTransformChain([rules, try ChineseConversion(configuration: "s2t")])
        let source = "我的电脑很快"
        let result = chain.apply(to: source)
        #expect(result.text == "我的計算機很快")
        try OffsetMapChecks.check(result, source: source)
        #expect(result.map.sourceOffset(forOutputOffset: 1) == 1)
        #expect(result.map.sourceOffset(forOutputOffset: 2) == 2)  // 計算機 starts where 电脑 did
        #expect(result.map.sourceOffset(forOutputOffset: 5) == 4)  // 很
        #expect(result.map.outputOffset(forSourceOffset: 5) == 6)  // 快
    }
}

import Foundation
@testable import ReaderServer
import ReaderTestSupport
import Testing

@Suite("Front matter read without Yams where it has the plain shape")
struct FlatYAMLTests {
    /// Front matter as `reader article`, PullRead and feed tools write it: the fast reader must take all of these.
    static let plainShapes = [
        "title: A plain title\nurl: https://example.com/a?b=c#frag\ndomain: example.com\nbookmarked: 2024-03-01T10:00:00Z\n",
        "title: \"Quoted: with a colon\"\nauthor: 'O''Brien'\nexcerpt: \"Line one\\nline two \\u00e9\"\n",
        "categories: [news, \"world, wide\", 'x']\ntags: []\ncomment_count: 12\n",
        "categories:\n  - one\n  - \"two\"\n  - 'three'\nfeed: Planet\n",
        "categories:\n- one\n- two\n\n# a comment\nsummary: ~\nimage:\nenclosure_duration: 01:02:03\n",
        "title: C# in depth # not part of it\nnumber: -5\nratio: 3.5e3\nflag: yes\nkey with spaces: value\n",
        "title: Ünïcödé ✓ 日本語\nurl: http://example.com/path:with:colons\n",
        "categories: [a, b,]\ntitle: '  padded  '\n",
    ]

    /// Shapes the fast reader must leave to Yams (it answers nil).
    static let otherShapes = [
        "summary: |\n  block\n  text\n", "summary: >\n  folded\n", "author:\n  name: Nested\n", "title: &a anchored\ncopy: *a\n",
        "title: !!str tagged\n", "meta: {a: 1}\n", "title: Two\n  lines\n", "title: \"open quote\n  continues\"\n",
        "\"quoted key\": v\n", "title:\tTab\n", "title: a: b\n", "list:\n  - a\n    - b\n", "list:\n  - a\n - b\n",
        "list: [a, [b]]\n", "list:\n  - k: v\n", "title: \"bad \\q escape\"\n", "%YAML 1.2\n", "- a\n- b\n",
        "title: Foo:\n", "title: 'x' trailing\n",
    ]

    @Test("the plain shapes are read without Yams, to exactly what Yams reads")
    func plainShapesAgree() {
        for yaml in Self.plainShapes {
            let flat = FlatYAML.parse(yaml)
            #expect(flat != nil, "not taken: \(yaml)")
            #expect(flat == FrontMatterValues.readWithYams(yaml), "\(yaml)")
        }
    }

    @Test("every other shape is left to Yams")
    func otherShapesFallBack() {
        for yaml in Self.otherShapes {
            #expect(FlatYAML.parse(yaml) == nil, "\(yaml)")
        }
    }

    @Test("on 2,000 seeded variations of plain front matter, the fast reader either declines or agrees with Yams")
    func randomVariations() {
        var random = SeededRandom(seed: 2026)
        let keys = ["title", "url", "author", "categories", "tags", "summary", "comment_count", "image", "key x"]
        let scalars = ["plain", "two words", "\"dq: x\"", "'sq ''x'''", "-3", ":odd", "a#b", "a #c", "~", "null", "",
                       "\"\\u00e9\\n\"", "[a, b]", "[\"a, b\", c]", "[]", "x: y", "'open", "{a: b}", "&anchor v", "é ✓"]
        var taken = 0
        for _ in 0..<2_000 {
            var yaml = ""
            for _ in 0..<(1 + Int.random(in: 0..<6, using: &random)) {
                let key = keys[Int.random(in: 0..<keys.count, using: &random)]
                if Int.random(in: 0..<5, using: &random) == 0 {
                    yaml += "\(key):\n"
                    let indent = Int.random(in: 0..<2, using: &random) == 0 ? "" : "  "
                    for _ in 0..<(1 + Int.random(in: 0..<3, using: &random)) { yaml += "\(indent)- \(scalars[Int.random(in: 0..<scalars.count, using: &random)])\n" }
                } else {
                    yaml += "\(key): \(scalars[Int.random(in: 0..<scalars.count, using: &random)])\n"
                }
                if Int.random(in: 0..<8, using: &random) == 0 { yaml += "# comment\n\n" }
            }
            guard let flat = FlatYAML.parse(yaml) else { continue }
            taken += 1
            #expect(flat == (FrontMatterValues.readWithYams(yaml) ?? [:]), "\(yaml)")
        }
        #expect(taken > 200, "the fast reader took only \(taken) of 2,000")
    }
}

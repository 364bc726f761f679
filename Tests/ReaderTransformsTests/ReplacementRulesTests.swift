import Foundation
import ReaderCore
import ReaderTestSupport
import ReaderTransforms
import Testing

@Suite struct ReplacementRulesTests {
    /// A rules file written into `directory`.
    func rulesFile(_ text: String, in directory: URL, name: String = "rules.tsv") throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test("rules apply in order: literals, regular expressions with groups, deletions; comments and blank lines skipped")
    func orderedRules() throws {
        try withTemporaryDirectory(prefix: "rules") { directory in
            let path = try rulesFile("""
                # units
                regex\t(\\d+)\\s*km\t$1 kilometres

                literal\tcolour\tcolor
                literal\tcolor\thue
                regex\t(\\w+)@(\\w+)\t$2 at $1
                literal\t[sic]\t
                literal\ta\\tb\tA-B
                """, in: directory)
            let rules = try ReplacementRules(contentsOfFile: path)
            #expect(rules.rules.count == 6)
            #expect(rules.name == "rules:" + path)
            let source = "The colour is 12km away [sic], mail me@home, a\tb."
            let result = rules.apply(to: source)
            #expect(result.text == "The hue is 12 kilometres away , mail home at me, A-B.")
            try OffsetMapChecks.check(result, source: source)
            // Text between replacements maps exactly; a replacement's shared start does too.
            let output = Array(result.text.utf16), input = Array(source.utf16)
            let away = output.firstRange(of: Array(" away".utf16))!.lowerBound
            #expect(Array(input[result.map.sourceOffset(forOutputOffset: away)...].prefix(5)) == Array(" away".utf16))
            let twelve = output.firstRange(of: Array("12".utf16))!.lowerBound
            #expect(result.map.sourceOffset(forOutputOffset: twelve) == input.firstRange(of: Array("12km".utf16))!.lowerBound)
            let mail = output.firstRange(of: Array(", mail".utf16))!.lowerBound
            #expect(Array(input[result.map.sourceOffset(forOutputOffset: mail)...].prefix(6)) == Array(", mail".utf16))
        }
    }

    @Test("a bad rule names the file and the line", arguments: [
        ("literal\tonly two fields", "line 2: expected 3 tab-separated fields"),
        ("replace\ta\tb", "line 2: unknown rule kind \"replace\""),
        ("regex\t(unclosed\tx", "line 2: not a valid regular expression"),
        ("literal\t\tx", "line 2: a literal rule needs text"),
        ("literal\ta\\qb\tx", "line 2: unknown escape \\q"),
    ])
    func badRule(line: String, message: String) throws {
        try withTemporaryDirectory(prefix: "rules") { directory in
            let path = try rulesFile("# first line\n" + line + "\n", in: directory)
            let error = readerError { _ = try ReplacementRules(contentsOfFile: path) }
            #expect(error?.kind == .invalidArgument)
            #expect(error?.file == path)
            #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        }
    }

    @Test("a missing rules file and an unknown transform name are bad arguments")
    func badNames() throws {
        let missing = readerError { _ = try TextTransformChain(names: ["rules:/nonexistent/rules.tsv"]) }
        #expect(missing?.kind == .invalidArgument)
        #expect(missing?.description == "/nonexistent/rules.tsv: no such rules file")
        let unknown = readerError { _ = try TextTransformChain(names: ["s2x"]) }
        #expect(unknown?.kind == .invalidArgument)
        #expect(unknown?.description.hasPrefix("unknown transform \"s2x\": give an OpenCC configuration (") == true)
        #expect(unknown?.description.contains("s2twp") == true)
        #expect(readerError { _ = try TextTransformChain(names: ["../s2t"]) }?.kind == .invalidArgument)
        #expect(readerError { _ = try TextTransformChain(names: ["rules:"]) }?.kind == .invalidArgument)
    }

    @Test("names separated by commas apply in order; the variant changes with a rules file's contents")
    func chainNames() throws {
        try withTemporaryDirectory(prefix: "rules") { directory in
            let path = try rulesFile("literal\t電腦\tcomputer\n", in: directory)
            let chain = try TextTransformChain(names: ["s2t,rules:" + path])
            #expect(chain.names == ["s2t", "rules:" + path])
            #expect(chain.apply(to: "电脑").text == "computer")
            let reversed = try TextTransformChain(names: ["rules:" + path, "s2t"])
            #expect(reversed.apply(to: "电脑").text == "電腦")
            let before = chain.variant
            #expect(before.hasPrefix("tr-") && before.count == 19)
            #expect(before != reversed.variant)
            _ = try rulesFile("literal\t電腦\tPC\n", in: directory)
            #expect(try TextTransformChain(names: ["s2t,rules:" + path]).variant != before)
            #expect(TextTransformChain([]).variant == "")
        }
    }
}

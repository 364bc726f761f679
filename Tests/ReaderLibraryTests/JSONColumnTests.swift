import Foundation
import ReaderTestSupport
import Testing

@testable import ReaderLibrary

@Suite("JSON columns: lists of strings read without JSONDecoder give what JSONDecoder gives")
struct JSONColumnTests {
    @Test("stored lists, with and without escapes, read back as written")
    func roundTrip() throws {
        let lists: [[String]] = [
            [], [""], ["Mary Shelley"], ["Ада Лавлейс", "李白", "O'Brien, Flann"], ["a \"quoted\" name", "back\\slash"],
            ["tab\there", "line\nbreak", "\u{1}"], ["emoji 📚", "combining é"], ["/slashes/"],
        ]
        for list in lists {
            #expect(try JSONColumn.decodeStrings(try JSONColumn.encode(list)) == list)
        }
    }

    @Test("random lists read as JSONDecoder reads them, and odd or malformed text gets what JSONDecoder gives")
    func agreesWithJSONDecoder() throws {
        var random = SeededRandom(seed: 17)
        let alphabet = Array("ab \"\\,[]é李\u{7}")
        for _ in 0..<500 {
            let list = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                String((0..<Int.random(in: 0...6, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            }
            let text = try JSONColumn.encode(list)
            #expect(try JSONColumn.decodeStrings(text) == JSONDecoder().decode([String].self, from: Data(text.utf8)))
        }
        for odd in ["[", "[\"a\"", "[\"a\",]", "[\"a\" \"b\"]", "{}", "[1]", "[\"a\"] x", "", "[\"a\\u0001\"]"] {
            let expected = try? JSONDecoder().decode([String].self, from: Data(odd.utf8))
            #expect((try? JSONColumn.decodeStrings(odd)) == expected, "\(odd)")
        }
        #expect(throws: (any Error).self) { try JSONColumn.decodeStrings("[\"a\" \"b\"]") }
        #expect(try JSONColumn.decodeStrings(" [ \"a\" , \"b\" ] ") == ["a", "b"])
    }
}

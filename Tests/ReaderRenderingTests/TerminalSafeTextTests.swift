import Foundation
import ReaderRendering
import Testing

/// Control characters become visible; everything else passes unchanged; JSON stays equal JSON.
@Suite struct TerminalSafeTextTests {
    @Test func controlCharactersBecomeCaretsAndReplacementCharacters() {
        #expect(TerminalSafeText.visible("a\u{1B}]52;c;eA==\u{07}b") == "a^[]52;c;eA==^Gb")
        #expect(TerminalSafeText.visible("\u{0}\u{0}") == "^@^@")
        #expect(TerminalSafeText.visible("x\u{7F}y") == "x^?y")
        #expect(TerminalSafeText.visible("\u{9B}6n\u{85}") == "\u{FFFD}6n\u{FFFD}")
        #expect(TerminalSafeText.visible("over\rwrite") == "over^Mwrite")
        #expect(TerminalSafeText.visible("end\r") == "end^M")
    }

    @Test func tabsLineBreaksAndOtherTextPassUnchanged() {
        let text = "tab\tline\nCRLF\r\nÄ é 月 🙂 \u{A0} \u{2028} ok"
        #expect(TerminalSafeText.visible(text) == text)
    }

    @Test func jsonEscapesDELAndC1AndStaysEqual() throws {
        let json = String(decoding: try JSONEncoder().encode(["k": "a\u{1B}b\u{7F}c\u{9B}d"]), as: UTF8.self)
        let safe = TerminalSafeText.json(json)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(try JSONDecoder().decode([String: String].self, from: Data(safe.utf8)) == ["k": "a\u{1B}b\u{7F}c\u{9B}d"])
        #expect(TerminalSafeText.visible(safe) == safe, "escaped JSON passes the plain-text filter unchanged")
    }
}

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

    /// A line appended piece by piece is made safe from where it starts, as if each piece had
    /// been appended safely; the bytes before it are left alone.
    @Test func makingSafeInPlaceChangesOnlyTheBytesFromTheStart() {
        var bytes = Array("\u{1B}kept\n".utf8)
        let start = bytes.count
        for piece in ["title · …", "a\u{1B}[2J", "[", "x\u{9B}y", "]", "…"] { bytes.append(contentsOf: piece.utf8) }
        TerminalSafeText.makeSafe(&bytes, from: start)
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}kept\ntitle · …a^[[2J[x\u{FFFD}y]…")
        var clean = Array("line".utf8)
        TerminalSafeText.makeSafe(&clean, from: 0)
        #expect(clean == Array("line".utf8))
    }

    @Test func tabsLineBreaksAndOtherTextPassUnchanged() {
        let text = "tab\tline\nCRLF\r\nÄ é 月 🙂 \u{A0} \u{2028} ok"
        #expect(TerminalSafeText.visible(text) == text)
    }

    /// Text made of words, tabs and line feeds (which the scan skips eight bytes at a time) with
    /// one unsafe character at each position in turn: it is found wherever it falls in a word.
    @Test func unsafeCharactersAreFoundAmongLineFeedsAndTabs() {
        let background = Array("ab\ncd\tef\n\ngh ij\t\nkl mn op\nqr\tst uv".utf8)
        let controls: [UInt8] = Array(0x00...0x1F).filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        let unsafe: [[UInt8]] = controls.map { [$0] } + [[0x7F], [0xC2, 0x85], [0xC2, 0x9B]]
        for bytes in unsafe {
            for position in 0...background.count {
                var text = background
                text.insert(contentsOf: bytes, at: position)
                let visible = TerminalSafeText.visible(String(decoding: text, as: UTF8.self))
                #expect(!visible.unicodeScalars.contains(where: Self.isUnsafe), "\(bytes) at \(position)")
                #expect(visible.utf8.count == text.count + 1, "\(bytes) at \(position): one caret or U+FFFD byte more")
            }
        }
        let clean = String(decoding: background, as: UTF8.self)
        #expect(TerminalSafeText.visible(clean) == clean)
    }

    /// Every scalar up to U+00FF at every place in a window of sixteen bytes and past it, among
    /// ASCII and non-ASCII letters (whose high bits the word-at-a-time scan must tell from
    /// 0xC2, the lead of the C1 controls): the text is safe exactly when the scalar is.
    @Test func safetyIsJudgedScalarByScalarWherever() {
        let background = Array("aé\nb\t°ü z«y".utf8)
        for value in UInt32(0)...0xFF {
            let scalar = Unicode.Scalar(value)!
            let bytes = Array(String(scalar).utf8)
            for position in 0...(2 * background.count) {
                var text = background + background
                text.insert(contentsOf: bytes, at: position)
                // Places inside a scalar of the background give no text.
                guard let decoded = String(validating: text, as: UTF8.self) else { continue }
                let safe = text.withUnsafeBufferPointer { TerminalSafeText.isSafe(utf8: $0) }
                let beforeLineFeed = position + 1 < text.count && text[position + 1] == 0x0A
                let expected = value == 0x0D ? beforeLineFeed : !Self.isUnsafe(scalar)
                #expect(safe == expected, "U+\(String(value, radix: 16)) at \(position)")
                #expect(safe == (TerminalSafeText.visible(decoded) == decoded), "U+\(String(value, radix: 16)) at \(position)")
            }
        }
    }

    /// A control character other than tab and line feed, DEL or a C1 control.
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value != 0x09 && value != 0x0A }
        return (0x7F...0x9F).contains(value)
    }

    @Test func jsonEscapesDELAndC1AndStaysEqual() throws {
        let json = String(decoding: try JSONEncoder().encode(["k": "a\u{1B}b\u{7F}c\u{9B}d"]), as: UTF8.self)
        let safe = TerminalSafeText.json(json)
        #expect(!safe.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(try JSONDecoder().decode([String: String].self, from: Data(safe.utf8)) == ["k": "a\u{1B}b\u{7F}c\u{9B}d"])
        #expect(TerminalSafeText.visible(safe) == safe, "escaped JSON passes the plain-text filter unchanged")
    }
}

import ReaderTerminal
import Testing

@Suite("KeyDecoder")
struct KeyDecoderTests {
    private func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8))
    }

    @Test("letters, controls, Enter, Backspace and UTF-8 characters")
    func plainKeys() {
        #expect(keys("jq ") == [.character("j"), .character("q"), .character(" ")])
        #expect(keys("\r\n\u{7F}\u{08}\t\u{03}") == [.enter, .enter, .backspace, .backspace, .tab, .control("c")])
        #expect(keys("é漢😀") == [.character("é"), .character("漢"), .character("😀")])
    }

    @Test("CSI and SS3 sequences: arrows, Page Up/Down, Home, End, Delete")
    func sequences() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[3~") == [.pageUp, .pageDown, .home, .end, .home, .end, .delete])
        #expect(keys("\u{1B}OA\u{1B}OH") == [.up, .home])
        #expect(keys("\u{1B}[1;5A") == [.up])
        // An unknown sequence is dropped whole, not read as letters.
        #expect(keys("\u{1B}[99zq") == [.character("q")])
    }

    @Test("SGR mouse reports: the wheel counts, clicks and releases are dropped")
    func mouse() {
        #expect(keys("\u{1B}[<64;10;5M\u{1B}[<65;10;5M") == [.wheelUp, .wheelDown])
        #expect(keys("\u{1B}[<0;10;5M\u{1B}[<0;10;5m") == [])
        #expect(keys("\u{1B}[<68;1;1M") == [.wheelUp])
    }

    @Test("a sequence cut between reads waits for its end; Escape alone comes out on flush")
    func splitSequences() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.hasPending)
        #expect(decoder.feed(Array("6~".utf8)) == [.pageDown])
        #expect(decoder.feed([0xE6, 0xBC]) == [])
        #expect(decoder.feed([0xA2]) == [.character("漢")])
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.hasPending)
    }

    @Test("garbage never grows the pending bytes without bound")
    func bounded() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Array("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 500)) == [])
        #expect(!decoder.hasPending)
        #expect(decoder.feed(Array("x".utf8)) == [.character("x")])
        #expect(decoder.feed([0xFF, 0xC3, 0x28]) == [.character("(")])
    }
}

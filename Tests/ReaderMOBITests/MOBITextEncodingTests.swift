import Testing
@testable import ReaderMOBI

@Suite("MOBI text encodings")
struct MOBITextEncodingTests {
    @Test("code page numbers")
    func codePages() {
        #expect(MOBITextEncoding(codePage: 65001) == .utf8)
        #expect(MOBITextEncoding(codePage: 1252) == .windows1252)
        #expect(MOBITextEncoding(codePage: 1689576507) == .other(1689576507))
        #expect(MOBITextEncoding.other(936).codePage == 936)
        #expect(MOBITextEncoding.utf8.name == "utf-8")
        #expect(MOBITextEncoding.windows1252.name == "cp1252")
    }

    @Test("Windows-1252: ASCII, the 0x80–0x9F table, Latin 1 above")
    func windows1252() {
        let encoding = MOBITextEncoding.windows1252
        #expect(encoding.decode(Array("Plain".utf8)) == "Plain")
        #expect(encoding.decode([0x80, 0x85, 0x8A, 0x91, 0x92, 0x93, 0x94, 0x96, 0x97, 0x99, 0x9F])
            == "\u{20AC}\u{2026}\u{160}\u{2018}\u{2019}\u{201C}\u{201D}\u{2013}\u{2014}\u{2122}\u{178}")
        #expect(encoding.decode([0x81, 0x8D, 0x8F, 0x90, 0x9D]) == "\u{81}\u{8D}\u{8F}\u{90}\u{9D}")
        #expect(encoding.decode([0xA0, 0xE9, 0xFF]) == "\u{A0}\u{E9}\u{FF}")
        // Unknown code pages are read as Windows-1252, as calibre does.
        #expect(MOBITextEncoding.other(7).decode([0x80]) == "\u{20AC}")
    }

    @Test("UTF-8: invalid bytes become U+FFFD, the rest is kept")
    func utf8() {
        let encoding = MOBITextEncoding.utf8
        #expect(encoding.decode(Array("草枕 — Alice".utf8)) == "草枕 — Alice")
        #expect(encoding.decode([0x41, 0xFF, 0x42]) == "A\u{FFFD}B")
        #expect(encoding.decode([0x41, 0xE2, 0x80]) == "A\u{FFFD}")
    }
}

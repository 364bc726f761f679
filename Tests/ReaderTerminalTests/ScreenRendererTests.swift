import ReaderCore
import ReaderTerminal
import Testing

@Suite("ScreenRenderer")
struct ScreenRendererTests {
    private func model(columns: Int = 40, rows: Int = 5, page: [String] = ["one", "two"], status: StatusInfo? = nil,
                       panel: Panel? = nil, prompt: Prompt? = nil, capabilities: TerminalCapabilities = .full) -> ScreenModel {
        ScreenModel(columns: columns, rows: rows, capabilities: capabilities, page: page.map { ScreenLine($0) },
                    status: status ?? StatusInfo(title: "Book", page: 2, pageCount: PageCount(value: 10, isExact: true)),
                    panel: panel, prompt: prompt)
    }

    @Test("the page fills the rows above the status line, which is right-aligned to the width")
    func pageAndStatus() {
        let screen = ScreenRenderer.render(model())
        #expect(screen.lines.count == 5)
        #expect(screen.text == ["one", "two", "", "", "Book" + String(repeating: " ", count: 18) + "page 2 of 10 · 20%"])
        #expect(screen.lines[4].runs.allSatisfy { $0.attributes.reverse })
    }

    @Test("an estimated count is marked ~, an unknown one left out; the chapter and clock go when room is short")
    func statusFitting() {
        var status = StatusInfo(title: "A Long Book Title", chapter: "Chapter One", page: 3,
                                pageCount: PageCount(value: 120, isExact: false), clock: "12:34")
        #expect(status.line(columns: 80, unicode: true).hasPrefix("A Long Book Title · Chapter One"))
        #expect(status.line(columns: 80, unicode: true).hasSuffix("page 3 of ~120 · 3% · 12:34"))
        #expect(status.line(columns: 50, unicode: true) == "A Long Book Title" + String(repeating: " ", count: 6) + "page 3 of ~120 · 3% · 12:34")
        #expect(status.line(columns: 36, unicode: true) == "A Long Book Tit… page 3 of ~120 · 3%")
        let narrow = status.line(columns: 28, unicode: true)
        #expect(narrow.hasSuffix("page 3 of ~120 · 3%") && narrow.contains("…") && narrow.count == 28)
        status.pageCount = nil
        #expect(status.line(columns: 80, unicode: false).hasSuffix("page 3 | 12:34"))
    }

    @Test("a panel replaces the page: its title, the items, the chosen one reversed, the marked one flagged")
    func panel() {
        let panel = Panel(title: "Contents", items: [Panel.Item("One"), Panel.Item("Two", isMarked: true), Panel.Item("Three")],
                          selected: 2, firstShown: 0)
        let screen = ScreenRenderer.render(model(columns: 20, rows: 4, panel: panel))
        #expect(screen.text[0] == "Contents")
        #expect(screen.text[1] == "  One")
        #expect(screen.text[2] == "▸ Two")
        #expect(screen.lines[2].runs[0].attributes.bold)
        // Three items but two rows: the list scrolls to keep the chosen one in view.
        let scrolled = ScreenRenderer.render(model(columns: 20, rows: 4, panel: Panel(title: "T", items: panel.items, selected: 2,
                                                                                       firstShown: ScreenRenderer.scrolled(current: 0, selected: 2, rows: 4))))
        #expect(scrolled.text[1] == "▸ Two")
        #expect(scrolled.text[2].hasPrefix("  Three"))
        #expect(scrolled.lines[2].runs[0].attributes.reverse)
        #expect(DisplayTextWidth.of(scrolled.text[2]) == 20)
    }

    @Test("a prompt takes the status line, with a cursor block after the text")
    func prompt() {
        let screen = ScreenRenderer.render(model(prompt: Prompt(label: "/", text: "whale")))
        #expect(screen.text.last == "/whale_")
        #expect(screen.lines.last?.runs.last?.attributes.reverse == true)
    }

    @Test("control characters from a book never reach the screen; long lines are clipped to the width")
    func hostileText() {
        let screen = ScreenRenderer.render(model(columns: 12, page: ["a\u{1B}]52;c;x\u{07}b", "\u{9B}31m red", String(repeating: "x", count: 30)],
                                                 status: StatusInfo(title: "\u{1B}[2J", page: 1)))
        for line in screen.text {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
            #expect(DisplayTextWidth.of(line) <= 12)
        }
        let bytes = ScreenEncoder.frame(screen, capabilities: .full)
        // The only escapes in the frame are the encoder's own (cursor moves, SGR, synchronized update).
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("\u{1B}]"))
        #expect(!text.contains("\u{1B}[2J"))
        #expect(!text.contains("\u{07}"))
    }

    @Test("plain ASCII where the locale is not UTF-8, each character keeping its width")
    func ascii() {
        #expect(DisplayText.line("“Café” — naïve… 漢", unicode: false) == "\"Cafe\" - naive. ??")
        let screen = ScreenRenderer.render(model(page: ["│ • quoted"], capabilities: TerminalCapabilities(colors: false, attributes: true, unicode: false)))
        #expect(screen.text[0] == "| * quoted")
        #expect(screen.text.last!.contains("page 2 of 10 | 20%"))
        #expect(screen.text.allSatisfy { $0.allSatisfy(\.isASCII) })
    }

    @Test("capabilities from the environment: NO_COLOR, dumb and monochrome terminals, the locale")
    func capabilities() {
        let full = TerminalCapabilities.detect(environment: ["TERM": "xterm-256color", "LANG": "en_US.UTF-8"])
        #expect(full == .full)
        #expect(TerminalCapabilities.detect(environment: ["TERM": "xterm", "NO_COLOR": "1", "LC_ALL": "C.utf8"])
            == TerminalCapabilities(colors: false, attributes: true, unicode: true))
        #expect(TerminalCapabilities.detect(environment: ["TERM": "dumb", "LANG": "C"])
            == TerminalCapabilities(colors: false, attributes: false, unicode: false))
        #expect(TerminalCapabilities.detect(environment: ["TERM": "vt100", "LC_CTYPE": "en_US.UTF-8", "LANG": "C"]).colors == false)
        #expect(TerminalCapabilities.detect(environment: ["TERM": "xterm", "LC_ALL": "POSIX", "LANG": "en_US.UTF-8"]).unicode == false)
    }

    @Test("SGR: attributes as codes, highlights as colours or reverse video without them, nothing on a dumb terminal")
    func encoder() {
        let line = ScreenLine(runs: [ScreenLine.Run("b", TextAttributes(bold: true, italic: true)),
                                     ScreenLine.Run("h", TextAttributes(highlight: .green))])
        let screen = Screen(columns: 10, lines: [line])
        let colour = String(decoding: ScreenEncoder.frame(screen, capabilities: .full), as: UTF8.self)
        #expect(colour.contains("\u{1B}[1;3mb\u{1B}[0m"))
        #expect(colour.contains("\u{1B}[30;42mh\u{1B}[0m"))
        let noColour = String(decoding: ScreenEncoder.frame(screen, capabilities: TerminalCapabilities(colors: false, attributes: true, unicode: true)), as: UTF8.self)
        #expect(noColour.contains("\u{1B}[7mh\u{1B}[0m"))
        let dumb = String(decoding: ScreenEncoder.frame(screen, capabilities: TerminalCapabilities(colors: false, attributes: false, unicode: true)), as: UTF8.self)
        #expect(dumb.contains("bh"))
    }
}

enum DisplayTextWidth {
    static func of(_ text: String) -> Int { DisplayText.width(text) }
}

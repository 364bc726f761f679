import Foundation
import ReaderCore
import ReaderImaging
import ReaderTerminal
import ReaderTestSupport
import Testing

@Suite("Pictures by kitty's graphics protocol")
struct KittyImageTests {
    /// The payloads of a sequence's escape codes, and their keys.
    private func chunks(_ sequence: String) -> [(keys: String, payload: String)] {
        sequence.components(separatedBy: "\u{1B}_G").dropFirst().map { part in
            let body = part.components(separatedBy: "\u{1B}\\")[0]
            let split = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(split[0]), split.count > 1 ? String(split[1]) : "")
        }
    }

    @Test("the pixels go in chunks of at most 4,096 base64 bytes, m=1 on all but the last, and decode back")
    func chunked() throws {
        var pixels: [UInt8] = []
        for index in 0..<(100 * 100) { pixels += [UInt8(index % 251), UInt8(index % 13), UInt8(index % 7)] }
        let image = try #require(RGBImage(width: 100, height: 100, pixels: pixels))
        let shown = KittyImage(image, columns: 80, rows: 23, cellWidth: 10, cellHeight: 20)
        #expect(shown.sequence.hasPrefix("\u{1B}[1;1H\u{1B}_Ga=T,f=24,s=100,v=100,"))
        let parts = chunks(shown.sequence)
        #expect(parts.count == 10)
        #expect(parts.allSatisfy { $0.payload.utf8.count <= 4096 })
        #expect(parts.dropLast().allSatisfy { $0.keys.hasSuffix("m=1") } && parts.last?.keys == "m=0")
        #expect(parts.dropFirst().allSatisfy { !$0.keys.contains("a=T") }, "only the first chunk carries the keys")
        #expect(Data(base64Encoded: parts.map(\.payload).joined()).map(Array.init) == pixels)
        #expect(parts[0].keys.contains("q=2"), "the terminal is asked not to answer (its answer would arrive as keys)")
    }

    @Test("the picture keeps its shape in cells: a wide one takes the width, a tall one the height")
    func cellsKeepTheShape() throws {
        let wide = KittyImage(RGBImage(width: 200, height: 100, filledWith: (0, 0, 0)), columns: 80, rows: 23, cellWidth: 10, cellHeight: 20)
        #expect((wide.columns, wide.rows) == (80, 20))
        #expect(wide.sequence.contains("c=80,r=20,"))
        let tall = KittyImage(RGBImage(width: 100, height: 400, filledWith: (0, 0, 0)), columns: 80, rows: 23, cellWidth: 10, cellHeight: 20)
        #expect((tall.columns, tall.rows) == (12, 23))
    }

    @Test("kitty, WezTerm and Ghostty are recognised, not inside tmux or on a dumb terminal")
    func detection() {
        func kitty(_ environment: [String: String]) -> Bool {
            TerminalCapabilities.detect(environment: environment.merging(["LANG": "C.UTF-8"]) { given, _ in given }).kittyGraphics
        }
        #expect(kitty(["TERM": "xterm-kitty"]))
        #expect(kitty(["TERM": "xterm-256color", "KITTY_WINDOW_ID": "3"]))
        #expect(kitty(["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"]))
        #expect(kitty(["TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty"]))
        #expect(!kitty(["TERM": "xterm-256color"]))
        #expect(!kitty(["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!kitty(["TERM": "tmux-256color", "KITTY_WINDOW_ID": "3"]))
    }

    @Test("i then a label shows the book's picture over the page; any key goes back, and the next frame deletes it")
    func readerShowsAPicture() throws {
        let path = TestLocation.testBooks.appendingPathComponent("epub/moon-garden.epub").path
        let noLibrary = FileManager.default.temporaryDirectory.appendingPathComponent("no-library-\(UUID().uuidString)/library.sqlite").path
        let book = try ReaderBook.open(path, cache: nil, libraryPath: noLibrary)
        var capabilities = TerminalCapabilities.full
        capabilities.kittyGraphics = true
        let reader = try TerminalReader(book: book, columns: 80, rows: 24, capabilities: capabilities, inbox: EventInbox(), clock: { nil })
        var tries = 0
        while tries < 6 {
            reader.handle(.character("i"))
            if case .hints(.images) = reader.mode { break }
            reader.handle(.character(" "))
            tries += 1
        }
        guard case .hints(.images) = reader.mode else { Issue.record("no page with a picture: \(reader.mode)"); return }
        reader.handle(.character("1"))
        guard case .image(let href) = reader.mode else { Issue.record("no picture shown: \(String(describing: reader.message))"); return }
        #expect(href.hasSuffix("cover.png"))
        let frame = String(decoding: ScreenEncoder.frame(reader.screen(), capabilities: capabilities), as: UTF8.self)
        #expect(frame.contains("\u{1B}_Ga=T,f=24,"))
        #expect(reader.screen().text.last?.contains("w writes it to a file") == true)
        #expect(reader.screen().text.dropLast().allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
        reader.handle(.character("x"))
        #expect(reader.mode == .reading)
        let after = String(decoding: ScreenEncoder.frame(reader.screen(), capabilities: capabilities), as: UTF8.self)
        #expect(after.contains(KittyImage.deleteAll) && !after.contains("a=T"))
        let plain = String(decoding: ScreenEncoder.frame(reader.screen(), capabilities: .full), as: UTF8.self)
        #expect(!plain.contains("\u{1B}_G"), "nothing of the protocol reaches other terminals")
    }
}

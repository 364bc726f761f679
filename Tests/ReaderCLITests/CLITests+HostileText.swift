import Foundation
import ReaderTestSupport
import ReaderZip
import Testing

/// Files full of terminal escape sequences go through every command, and no byte written to
/// stdout or stderr can start a control sequence: plain text shows them as `^[` and U+FFFD, JSON
/// escapes them as JSON does.
extension CLITests {
    /// OSC 52 (set the clipboard), OSC 0 (set the window title), cursor moves and screen clearing,
    /// an 8-bit CSI, DEL, a lone carriage return, a bell and a run of NULs.
    static let hostile = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}" + "\u{1B}]0;pwned\u{07}" + "\u{1B}[2J\u{1B}[H\u{1B}[31m"
        + "\u{9B}6n" + "\u{7F}" + "over\rwrite" + "\u{07}" + String(repeating: "\u{0}", count: 64)

    /// A text, a Markdown file (title, headings and body) and an EPUB (title, author, TOC entry,
    /// chapter text) carrying ``hostile``, written into `folder`.
    static func hostileBooks(in folder: URL) throws -> [String] {
        let text = folder.appendingPathComponent("hostile.txt")
        // Plain paragraphs first: a file whose first 8 KiB are mostly control characters is not text.
        let plain = String(repeating: "The keeper wrote the weather in the log every morning, and the lamp turned.\n\n", count: 120)
        try Data((plain + "CHAPTER I. THE \(hostile) START\n\nThe keeper wrote \(hostile) in the log, and the lamp turned.\n"
            + String(repeating: "\u{0}", count: 4096) + "\n\nCHAPTER II. MORE\n\nAnother line \(hostile) here.\n").utf8)
            .write(to: text)
        let markdown = folder.appendingPathComponent("hostile.md")
        try Data(("---\ntitle: \"Title \\e]0;pwned\\a \\e[2J\"\nauthor: \"\\e]52;c;eA==\\a\"\n---\n\n# Heading \(hostile)\n\n"
            + "Body \(hostile) text, with the keeper's lamp.\n\n## Second \u{1B}[H heading\n\nMore text.\n").utf8).write(to: markdown)
        let epub = folder.appendingPathComponent("hostile.epub")
        let writer = try ZipWriter(path: epub.path)
        try writer.add("mimetype", Array("application/epub+zip".utf8), method: .stored)
        try writer.add("META-INF/container.xml", Array("""
            <?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">\
            <rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """.utf8))
        try writer.add("content.opf", Array("""
            <?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">\
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier>\
            <dc:title>Title \(hostile)</dc:title><dc:creator>Author \(hostile)</dc:creator><dc:language>en</dc:language></metadata>\
            <manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/>\
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/></manifest>\
            <spine><itemref idref="c1"/></spine></package>
            """.utf8))
        try writer.add("nav.xhtml", Array("""
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>\
            <nav epub:type="toc"><ol><li><a href="c1.xhtml">Chapter \(hostile)</a></li></ol></nav></body></html>
            """.utf8))
        try writer.add("c1.xhtml", Array("""
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>c</title></head><body>\
            <h1>Chapter \(hostile)</h1><p>The keeper wrote \(hostile) in the log.</p></body></html>
            """.utf8))
        try writer.finish()
        return [text.path, markdown.path, epub.path]
    }

    /// The control characters a terminal acts on: C0 but tab and line feed (and CR before LF),
    /// DEL, C1.
    static func controlCharacters(in output: String) -> [String] {
        var found: [String] = []
        let scalars = Array(output.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let value = scalar.value
            if value == 0x09 || value == 0x0A { continue }
            if value == 0x0D, index + 1 < scalars.count, scalars[index + 1] == "\n" { continue }
            if value < 0x20 || (0x7F...0x9F).contains(value) {
                found.append(String(format: "U+%04X at %d", value, index))
            }
        }
        return found
    }

    @Test("no command writes a file's control characters to the terminal; JSON escapes them")
    func hostileTextNeverReachesTheTerminal() throws {
        try withCacheDirectory { cache in
            let folder = cache.appendingPathComponent("books", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let books = try Self.hostileBooks(in: folder)
            let viewport = ["--width", "60", "--height", "20"]
            var commands: [[String]] = []
            for book in books {
                commands += [
                    ["open", book] + viewport, ["open", book, "--json"] + viewport, ["info", book] + viewport,
                    ["info", book, "--json"] + viewport, ["toc", book] + viewport, ["toc", book, "--json"],
                    ["text", book], ["text", book, "--as", "markdown"], ["text", book, "--as", "html"],
                    ["search", book, "keeper"] + viewport, ["search", book, "keeper", "--json"] + viewport,
                    ["positions", book], ["fingerprint", book], ["resources", book],
                    ["cover", book, "-o", cache.appendingPathComponent("cover").path],
                ]
            }
            // A file name holding escape sequences, in an error message.
            commands.append(["open", folder.appendingPathComponent("no such \u{1B}]52;c;eA==\u{07}book.txt").path])
            var shownAsCarets = false, escapedInJSON = false
            for command in commands {
                let result = try ReaderExecutable.run(command, cacheDirectory: cache)
                #expect(Self.controlCharacters(in: result.stdout).isEmpty,
                        "stdout of \(command.joined(separator: " ")): \(Self.controlCharacters(in: result.stdout).prefix(5))")
                #expect(Self.controlCharacters(in: result.stderr).isEmpty,
                        "stderr of \(command.joined(separator: " ")): \(Self.controlCharacters(in: result.stderr).prefix(5))")
                #expect(!result.stderr.contains("Fatal error"), "\(command): \(result)")
                if result.stdout.contains("^[]52;c;") || result.stderr.contains("^[]52;c;") { shownAsCarets = true }
                if command.contains("--json"), result.status == 0 {
                    // JSON output stays JSON, with the characters escaped and intact once decoded.
                    let lines = command.first == "search" ? result.lines : [result.stdout]
                    for line in lines {
                        let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8))
                        #expect(parsed != nil, "\(command): not JSON: \(line.prefix(200))")
                    }
                    if result.stdout.contains("\\u001b") || result.stdout.contains("\\u001B") { escapedInJSON = true }
                }
            }
            #expect(shownAsCarets, "escape sequences are shown as caret notation")
            #expect(escapedInJSON, "JSON output escapes ESC as \\u001b")
            let text = try ReaderExecutable.run(["text", books[0]], cacheDirectory: cache)
            #expect(text.stdout.contains("^[]52;c;cm0gLXJmIH4=^G"))
            #expect(text.stdout.contains("^@^@^@^@"))
            #expect(text.stdout.contains("\u{FFFD}6n"), "an 8-bit CSI becomes U+FFFD")
        }
    }
}

import Foundation
import ReaderTestSupport
import Testing

/// `reader read` in a real terminal: tmux runs it at a fixed size, keys go in with `send-keys`
/// and the screen is read with `capture-pane`, checked against `reader open` at the same viewport
/// (`reader open --height H` counts the status line, as the terminal's H rows do).
@Suite("reader read in tmux", .serialized,
       .enabled(if: ReaderExecutable.url != nil, "the reader executable was not found next to the test binary"))
struct ReadCommandTmuxTests {
    static let book = "TestBooks/txt/lighthouse-keeper.txt"
    static var root: String { TestLocation.packageRoot.path }

    /// The shell command that runs `reader read ARGUMENTS` with the test's cache and library, in UTF-8.
    private func command(_ arguments: String, folder: URL) throws -> String {
        let reader = try #require(ReaderExecutable.url).path
        return "cd '\(Self.root)' && exec env LANG=C.UTF-8 LC_ALL=C.UTF-8 TERM=tmux-256color READER_CACHE_DIR='\(folder.path)' "
            + "READER_LIBRARY='\(folder.path)/library.sqlite' '\(reader)' read \(arguments)"
    }

    /// `reader open`'s page N at `columns`×`rows` (the rows of the whole output), without the status line.
    private func openPage(_ number: Int, columns: Int = 80, rows: Int = 24, folder: URL) throws -> [String] {
        let result = try ReaderExecutable.run(["open", Self.book, "--page", String(number), "--width", String(columns),
                                               "--height", String(rows)], cacheDirectory: folder)
        #expect(result.status == 0, "\(result)")
        return result.lines.dropLast().map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed.removeLast() }
            return String(trimmed)
        }
    }

    private static func pageNumber(in screen: [String]) -> Int? {
        guard let status = screen.last(where: { !$0.isEmpty }), let match = status.firstMatch(of: #/page (\d+) of (~?\d+) · (\d+)%/#) else { return nil }
        return Int(match.1)
    }

    private func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("read-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test("pages turn with Space and PageDown/PageUp; each page is reader open's page at 80×24; the status line counts them")
    func pages() throws {
        try withFolder { folder in
            let tmux = try TmuxSession(command: try command(Self.book, folder: folder))
            defer { tmux.kill() }
            let first = tmux.wait { Self.pageNumber(in: $0) == 1 && $0.last?.contains(" of ") == true }
            #expect(first.met, "\(first.screen)")
            #expect(first.screen.count == 24)
            #expect(Array(first.screen.prefix(23)).starts(with: try openPage(1, folder: folder)))
            let status = try #require(first.screen.last)
            #expect(status.uppercased().hasPrefix("THE LIGHTHOUSE KEEPER"))
            try tmux.send("Space")
            try tmux.send("NPage")
            let third = tmux.wait { Self.pageNumber(in: $0) == 3 }
            #expect(third.met, "\(third.screen)")
            #expect(Array(third.screen.prefix(23)).starts(with: try openPage(3, folder: folder)))
            let opened = try ReaderExecutable.run(["open", Self.book, "--width", "80", "--height", "24"], cacheDirectory: folder)
            let count = try #require(opened.lines.last?.firstMatch(of: #/ of (\d+) · /#)?.1)
            #expect(third.screen.last?.contains("page 3 of \(count) · ") == true, "\(third.screen.last ?? "")")
            try tmux.send("PPage")
            tmux.expectScreen { Self.pageNumber(in: $0) == 2 }
            try tmux.send("q")
            #expect(tmux.waitForExit())
        }
    }

    @Test("the table of contents panel jumps to the chosen chapter")
    func contents() throws {
        try withFolder { folder in
            let tmux = try TmuxSession(command: try command(Self.book, folder: folder))
            defer { tmux.kill() }
            tmux.expectScreen { Self.pageNumber(in: $0) == 1 }
            try tmux.send("t")
            let panel = tmux.wait { screen in screen.first?.hasPrefix("Contents") == true && screen.contains { line in line.hasPrefix("▸ ") } }
            #expect(panel.met, "\(panel.screen)")
            let marked = try #require(panel.screen.firstIndex { $0.hasPrefix("▸ ") })
            let chosen = panel.screen[marked + 2].trimmingCharacters(in: .whitespaces)
            try tmux.send("Down")
            try tmux.send("Down")
            try tmux.send("Enter")
            let jumped = tmux.wait { screen in screen.first?.hasPrefix("Contents") != true && screen.contains(chosen) }
            #expect(jumped.met, "\(chosen): \(jumped.screen)")
            let number = try #require(Self.pageNumber(in: jumped.screen))
            #expect(Array(jumped.screen.prefix(23)).starts(with: try openPage(number, folder: folder)))
            #expect(jumped.screen.last?.contains(chosen) == true)
        }
    }

    @Test("search goes to the first hit and shows it in reverse video; n goes to the next")
    func search() throws {
        try withFolder { folder in
            let tmux = try TmuxSession(command: try command(Self.book, folder: folder))
            defer { tmux.kill() }
            tmux.expectScreen { Self.pageNumber(in: $0) == 1 }
            try tmux.send("/")
            try tmux.send("junction box", literal: true)
            tmux.expectScreen { $0.last == "/junction box_" }
            try tmux.send("Enter")
            let found = tmux.wait { $0.last?.contains("\"junction box\": hit 1 of") == true }
            #expect(found.met, "\(found.screen)")
            #expect(found.screen.dropLast().contains { $0.lowercased().contains("junction box") })
            let styled = tmux.screen(escapes: true).joined(separator: "\n")
            #expect(styled.contains(#/\e\[[0-9;]*7[0-9;]*m(?i:junction)/#), "\(styled)")
            try tmux.send("n")
            tmux.expectScreen { $0.last?.contains("\"junction box\": hit 2 of") == true }
        }
    }

    @Test("a bookmark is kept in the library: after a restart the book opens where it was left and B lists it")
    func bookmarksAcrossRestart() throws {
        try withFolder { folder in
            let added = try ReaderExecutable.run(["library", "add", Self.book], cacheDirectory: folder)
            #expect(added.status == 0, "\(added)")
            var tmux = try TmuxSession(command: try command("'lighthouse keeper'", folder: folder))
            tmux.expectScreen { Self.pageNumber(in: $0) == 1 }
            try tmux.send("g")
            try tmux.send("4", literal: true)
            try tmux.send("Enter")
            tmux.expectScreen { Self.pageNumber(in: $0) == 4 }
            try tmux.send("b")
            tmux.expectScreen { $0.last?.contains("bookmarked page 4") == true }
            try tmux.send("Space")
            tmux.expectScreen { Self.pageNumber(in: $0) == 5 }
            try tmux.send("q")
            #expect(tmux.waitForExit())
            tmux.kill()

            tmux = try TmuxSession(command: try command("'lighthouse keeper'", folder: folder))
            defer { tmux.kill() }
            let resumed = tmux.wait { Self.pageNumber(in: $0) != nil }
            #expect(Self.pageNumber(in: resumed.screen) == 5, "\(resumed.screen)")
            try tmux.send("B")
            let list = tmux.wait { $0.first?.hasPrefix("Bookmarks") == true }
            #expect(list.met, "\(list.screen)")
            #expect(list.screen.contains { $0.contains("page 4") })
            try tmux.send("Enter")
            tmux.expectScreen { Self.pageNumber(in: $0) == 4 }
            let annotations = try ReaderExecutable.run(["annotations", "lighthouse keeper"], cacheDirectory: folder)
            #expect(annotations.stdout.contains("bookmark"), "\(annotations)")
        }
    }

    @Test("without a terminal, read says so in one line and exits with 2")
    func noTerminal() throws {
        try withFolder { folder in
            let result = try ReaderExecutable.run(["read", Self.book], cacheDirectory: folder)
            #expect(result.status == 2, "\(result)")
            #expect(result.stdout.isEmpty)
            #expect(result.errorLines.count == 1)
            #expect(result.stderr.contains("needs a terminal"))
        }
    }

    @Test("a resize lays the pages out again at the new size and keeps the first word of the page on screen")
    func resize() throws {
        try withFolder { folder in
            let tmux = try TmuxSession(command: try command(Self.book, folder: folder))
            defer { tmux.kill() }
            let first = tmux.wait { Self.pageNumber(in: $0) == 1 }
            #expect(first.met, "\(first.screen)")
            try tmux.send("Space")
            try tmux.send("Space")
            let before = tmux.wait { Self.pageNumber(in: $0) == 3 }
            #expect(before.met)
            let firstWord = try #require(before.screen.first { !$0.isEmpty }?.split(separator: " ").first.map(String.init))
            _ = try tmux.run(["resize-window", "-t", "read", "-x", "60", "-y", "20"])
            let after = tmux.wait { screen in screen.count == 20 && Self.pageNumber(in: screen) != nil }
            #expect(after.met, "\(after.screen)")
            let number = try #require(Self.pageNumber(in: after.screen))
            #expect(Array(after.screen.prefix(19)) == Array(try openPage(number, columns: 60, rows: 20, folder: folder).prefix(19)))
            #expect(after.screen.dropLast().joined(separator: " ").contains(firstWord))
            #expect(after.screen.allSatisfy { $0.count <= 60 })
        }
    }

    @Test("SIGTERM and SIGHUP give the terminal back: the normal screen, echo and line editing on", arguments: ["TERM", "HUP"])
    func restoresTerminal(signal: String) throws {
        try withFolder { folder in
            let tmux = try TmuxSession(command: "env PS1='$ ' sh")
            defer { tmux.kill() }
            // Typed only once the shell shows its prompt: keys typed before it starts are echoed by the
            // terminal, and the output then lands after a later prompt ("$ before-the-reader").
            tmux.expectScreen { screen in screen.contains { $0.hasPrefix("$") } }
            try tmux.send("echo before-the-reader", "Enter")
            let printed: ([String]) -> Bool = { screen in screen.contains { $0.hasSuffix("before-the-reader") && !$0.contains("echo") } }
            tmux.expectScreen(printed)
            let pidFile = folder.appendingPathComponent("pid").path
            try tmux.send("sh -c 'echo $$ > \(pidFile); \(try command(Self.book, folder: folder).replacingOccurrences(of: "'", with: "'\\''"))'", literal: true)
            try tmux.send("Enter")
            let reading = tmux.wait { Self.pageNumber(in: $0) == 1 }
            #expect(reading.met, "\(reading.screen)")
            let pid = try #require(Int32(try String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(Foundation.kill(pid, signal == "TERM" ? SIGTERM : SIGHUP) == 0)
            let back = tmux.wait { screen in printed(screen) && Self.pageNumber(in: screen) == nil }
            #expect(back.met, "\(back.screen)")
            try tmux.send("stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon -e -echo -e -icanon | tr '\\n' ' '; echo END-$((1+1))", "Enter")
            let stty = tmux.wait { screen in screen.contains { line in line.hasSuffix("END-2") } }
            #expect(stty.met, "\(stty.screen)")
            let line = try #require(stty.screen.last { $0.hasSuffix("END-2") })
            #expect(line.split(separator: " ").contains("icanon"), "\(line)")
            #expect(line.split(separator: " ").contains("echo"), "\(line)")
            #expect(!line.contains("-echo") && !line.contains("-icanon"), "\(line)")
        }
    }
}

import Foundation
import ReaderTestSupport
import Testing

/// A tmux server of its own (`tmux -L NAME`) running one session at a fixed size, for driving
/// `reader read` through a real terminal: keys go in with `send-keys`, the screen comes out with
/// `capture-pane`. Killed by ``kill()``.
final class TmuxSession {
    static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    let socket = "reader-test-\(UUID().uuidString.prefix(8))"
    private let tmux: String

    /// Starts `command` (run by `sh -c`) in a new detached session of `columns`×`rows`.
    init(command: String, columns: Int = 80, rows: Int = 24) throws {
        tmux = try #require(Self.executable, "tmux is needed for the terminal tests (scripts/install-deps.sh installs it)")
        // The server this starts keeps the standard output it was given: a pipe would never end.
        _ = try run(["-f", "/dev/null", "new-session", "-d", "-s", "read", "-x", String(columns), "-y", String(rows), command],
                    output: false)
    }

    /// Runs tmux with `arguments` on this server; its standard output. Through `system()`, which
    /// waits for the tmux client alone: Foundation's `Process` would also wait for the server the
    /// first client starts, which inherits its descriptors and outlives it.
    @discardableResult
    func run(_ arguments: [String], output capturing: Bool = true) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let words = ([tmux, "-L", socket] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let status = system(words.joined(separator: " ") + " </dev/null >" + (capturing ? "'\(file)'" : "/dev/null") + " 2>/dev/null")
        guard status == 0 else { throw TmuxFailure(arguments: arguments, status: status) }
        return capturing ? ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "") : ""
    }

    /// A tmux command that failed.
    struct TmuxFailure: Error {
        var arguments: [String]
        var status: Int32
    }

    /// Sends keys by their tmux names (`Space`, `NPage`, `Enter`, `Down`) or, with `literal`, as text.
    func send(_ keys: String..., literal: Bool = false) throws {
        try run(["send-keys", "-t", "read"] + (literal ? ["-l"] : []) + keys)
    }

    /// The screen's rows, trailing spaces dropped (`escapes`: with the SGR attributes).
    func screen(escapes: Bool = false) -> [String] {
        let text = (try? run(["capture-pane", "-p", "-t", "read"] + (escapes ? ["-e"] : []))) ?? ""
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines.map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed.removeLast() }
            return String(trimmed)
        }
    }

    /// Polls the screen until `condition` holds, at most `seconds` (generous: a full parallel test run
    /// can keep a shell in tmux waiting for seconds); the last screen either way.
    @discardableResult
    func wait(seconds: Double = 30, escapes: Bool = false, until condition: ([String]) -> Bool) -> Waited {
        let deadline = Date().addingTimeInterval(seconds)
        var last: [String] = []
        while Date() < deadline {
            last = screen(escapes: escapes)
            if condition(last) { return Waited(met: true, screen: last) }
            usleep(20_000)
        }
        return Waited(met: false, screen: last)
    }

    /// What a wait saw: whether the condition came to hold, and the last screen.
    struct Waited {
        var met: Bool
        var screen: [String]
    }

    /// Records an issue, with the last screen, unless the screen comes to satisfy `condition` within
    /// `seconds`. (Not `#expect(holds { … })`: a shorthand-argument closure inside `#expect` was seen
    /// to leave later waits' closures of the same test uncalled.)
    func expectScreen(seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation,
                      _ condition: ([String]) -> Bool) {
        let waited = wait(seconds: seconds, until: condition)
        if !waited.met {
            Issue.record("the screen did not come to hold within \(seconds) s; it shows:\n\(waited.screen.joined(separator: "\n"))",
                         sourceLocation: sourceLocation)
        }
    }

    private func screenHasSession() -> Bool {
        (try? run(["has-session", "-t", "read"], output: false)) != nil
    }

    /// Waits until the session's command has ended (at most `seconds`).
    func waitForExit(seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if !screenHasSession() { return true }
            usleep(20_000)
        }
        return false
    }

    /// Stops the server and everything in it.
    func kill() {
        _ = try? run(["kill-server"], output: false)
    }
}

import ArgumentParser
import Foundation
import ReaderCore
import ReaderFetch
import ReaderSync

/// `reader feeds sync [--config FILE] [--to DIR]`: every feed of the list fetched, and each new
/// item's article written into the folder; a progress line on a terminal, a summary at the end.
struct FeedsSyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Fetch the feeds of a list and write each new item's article into a Markdown folder.",
        discussion: """
            The list is a text file, one feed a line: its address, then (after white space) its name; blank lines and \
            lines starting with # are skipped. What was written is remembered in .reader-feeds.sqlite in the folder, so \
            a second run fetches no article again. Exit status 1 only when everything failed; 2 for a bad list.
            """)

    @Option(help: ArgumentHelp("The feed list (default: $XDG_CONFIG_HOME/reader/feeds.txt, else ~/.config/reader/feeds.txt).",
                               valueName: "file"))
    var config: String?

    @Option(help: ArgumentHelp("The article folder (default: $READER_ARTICLES, else ~/Articles).", valueName: "dir"))
    var to: String?

    @Option(help: ArgumentHelp("Feeds, and articles, fetched at once.", valueName: "n"))
    var concurrency = 4

    @Flag(help: "Print the report as JSON.")
    var json = false

    @OptionGroup var fetching: FetchArguments

    func validate() throws {
        guard (1...32).contains(concurrency) else { throw ValidationError("--concurrency must be 1 to 32") }
    }

    func run() throws {
        var failedEverything = false
        try reportingErrors { () throws(ReaderError) in
            let subscriptions = try FeedList.read(path: config ?? FeedList.defaultPath())
            let folder = to ?? Self.defaultFolder()
            let report = try fetching.withFetcher { (fetcher) throws(ReaderError) in
                let sync = try FeedSync(folder: folder, fetcher: fetcher, concurrency: concurrency)
                let display = SyncProgressLine()
                defer { display.finish() }
                return try BlockingTask.run { await sync.run(subscriptions, progress: { display.show($0) }) }
            }
            var out = OutputBuffer()
            if json {
                out.line(StandardStreams.json(report))
            } else {
                for written in report.written { out.line("new: " + OPDSListing.printable(written.path)) }
                for line in report.summaryLines { out.line(OPDSListing.printable(line)) }
            }
            out.flush()
            failedEverything = report.everythingFailed
        }
        if failedEverything { throw ExitCode(1) }
    }

    static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let folder = environment["READER_ARTICLES"], !folder.isEmpty { return folder }
        return NSHomeDirectory() + "/Articles"
    }
}

/// One progress line on standard error, rewritten in place, only when standard error is a terminal.
final class SyncProgressLine: Sendable {
    private let isTerminal = isatty(2) == 1

    /// Shows an event.
    func show(_ event: FeedSyncEvent) {
        guard isTerminal else { return }
        let text = switch event {
        case .feed(let name, let done, let total): "feeds \(done)/\(total): \(name)"
        case .item(let title, let done, let total): "articles \(done)/\(total): \(title)"
        }
        let line = String(OPDSListing.printable(text).prefix((TerminalSize.current()?.columns ?? 80) - 1))
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }

    /// Clears the line.
    func finish() {
        if isTerminal { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}

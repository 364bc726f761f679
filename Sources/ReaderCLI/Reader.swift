import ArgumentParser
import Foundation
import ReaderCore

/// `reader`: open TXT, Markdown, EPUB and PDF (and, as its backend lands, MOBI) from the shell.
@main
struct Reader: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Open documents as reflowed text pages, with Locators and fingerprints.",
        version: ReaderVersion.current,
        subcommands: [OpenCommand.self, InfoCommand.self, TOCCommand.self, TextCommand.self, SearchCommand.self, IndexCommand.self,
                      PositionsCommand.self, LocateCommand.self, FingerprintCommand.self, CoverCommand.self,
                      ResourcesCommand.self, ResourceCommand.self, ExportCommand.self,
                      RenderCommand.self, FormatsCommand.self, PagesBenchmarkCommand.self,
                      ArticleCommand.self, CacheCommand.self,
                      LibraryCommand.self, BookmarkCommand.self, HighlightCommand.self, NoteCommand.self,
                      AnnotationsCommand.self, BackupCommand.self, OPDSCommand.self,
                      ServeCommand.self, ReadCommand.self, FetchCommand.self, FeedsCommand.self])

    /// Runs the command line. Help goes to standard output; a usage mistake is one line on
    /// standard error and exit status 2, like every other error of this tool.
    static func main() {
        ProcessEnd.install()
        refuseUnknownSubcommand(Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            ProcessEnd.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                var output = OutputBuffer()
                output.line(fullMessage(for: error))
                output.flush()
                ProcessEnd.exit(0)
            }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            StandardStreams.error("reader: \(message) (see reader help)")
            ProcessEnd.exit(2)
        }
    }

    /// A first argument that is no subcommand (`reader opne book.epub`) is refused with exit
    /// status 2 and, when one is close, the subcommand meant.
    static func refuseUnknownSubcommand(_ arguments: [String]) {
        guard let first = arguments.first, !first.hasPrefix("-") else { return }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(first) else { return }
        let suggestion = CommandSuggestion.nearest(to: first, among: names).map { "; did you mean '\($0)'?" } ?? ""
        let shown = String(String.UnicodeScalarView(first.unicodeScalars.map {
            $0.properties.generalCategory == .control ? "?" : $0
        }))
        StandardStreams.error("reader: unknown command '\(shown)'\(suggestion) (see reader help)")
        ProcessEnd.exit(2)
    }
}

/// This build's version, printed by `reader --version`.
enum ReaderVersion {
    static let current = "0.9.0"
}

/// Runs a command body, turning a ``ReaderError`` into one line on stderr and exit status 1.
func reportingErrors(_ body: () throws(ReaderError) -> Void) throws(ExitCode) {
    do {
        try body()
    } catch {
        StandardStreams.error("reader: \(error.description)")
        throw ExitCode(error.kind == .invalidArgument || error.kind == .invalidLocator ? 2 : 1)
    }
}

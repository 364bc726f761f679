import ArgumentParser
import Foundation
import ReaderCore

/// `reader`: open TXT, Markdown, EPUB and PDF (and, as its backend lands, MOBI) from the shell.
@main
struct Reader: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Open documents as reflowed text pages, with Locators and fingerprints.",
        subcommands: [OpenCommand.self, InfoCommand.self, TOCCommand.self, TextCommand.self, SearchCommand.self, IndexCommand.self,
                      PositionsCommand.self, LocateCommand.self, FingerprintCommand.self, CoverCommand.self,
                      ResourcesCommand.self, ResourceCommand.self,
                      RenderCommand.self, FormatsCommand.self, PagesBenchmarkCommand.self,
                      OPDSCommand.self])

    /// Runs the command line. Help goes to standard output; a usage mistake is one line on
    /// standard error and exit status 2, like every other error of this tool.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            StandardStreams.error("reader: \(message) (see reader help)")
            Foundation.exit(2)
        }
    }
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

import ArgumentParser
import ReaderCore

/// `reader`: open TXT and Markdown (and, as backends land, EPUB, PDF, MOBI) from the shell.
@main
struct Reader: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reader",
        abstract: "Open documents as reflowed text pages, with Locators and fingerprints.",
        subcommands: [OpenCommand.self, InfoCommand.self, TOCCommand.self, TextCommand.self,
                      FingerprintCommand.self, FormatsCommand.self])
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

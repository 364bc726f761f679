import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader library scan`: re-checks every known folder and file.
struct LibraryScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Re-check the library's folders and files: new, changed, moved and missing files.",
        discussion: "A file whose size and modification time did not change is not read again.")

    @Flag(help: "Also build the full-text index of each new or changed book (for `library search`).")
    var index = false

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let report = try Library.forCommand().scan(buildingIndexes: index)
            var output = OutputBuffer()
            if json { output.line(StandardStreams.json(report)) } else { report.lines.forEach { output.line($0) } }
            output.flush()
        }
    }
}

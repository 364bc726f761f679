import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader library add PATH…`: adds files and folders (recursively).
struct LibraryAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add book files and folders (searched recursively; folders are rescanned by `scan`).")

    @Argument(help: "Files and folders to add.")
    var paths: [String]

    @Flag(help: "Also build the full-text index of each new or changed book (for `library search`).")
    var index = false

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let report = try Library.forCommand().add(paths: paths, buildingIndexes: index)
            var output = OutputBuffer()
            if json { output.line(StandardStreams.json(report)) } else { report.lines.forEach { output.line($0) } }
            output.flush()
        }
    }
}

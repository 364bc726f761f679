import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader backup export|import|push|pull`.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Back the library up to a JSON file or a WebDAV server, and merge a backup back in.",
        subcommands: [BackupExportCommand.self, BackupImportCommand.self, BackupPushCommand.self, BackupPullCommand.self])
}

/// `reader backup export FILE`.
struct BackupExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the library (books, positions, bookmarks, highlights, notes, collections, tags, settings, sessions) as JSON.",
        discussion: "The file is written beside its destination and renamed into place, so it is never half written.")

    @Argument(help: "The file to write.")
    var file: String

    func run() throws {
        try reportingErrors { () throws(ReaderError) in try Library.forCommand().exportBackup(to: file) }
    }
}

/// `reader backup import FILE`.
struct BackupImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Merge a backup into the library (newer copies win; importing twice changes nothing).",
        discussion: "A malformed backup, or one of a newer schemaVersion, is refused whole: nothing is written.")

    @Argument(help: "The backup file.")
    var file: String

    @Flag(help: "Print what changed as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            BackupSummaryLine.print(try Library.forCommand().importBackup(from: file), json: json)
        }
    }
}

/// How an import's summary is printed.
enum BackupSummaryLine {
    /// Prints what an import changed: one line, or JSON.
    static func print(_ summary: BackupImportSummary, json: Bool) {
        var output = OutputBuffer()
        output.line(json ? StandardStreams.json(summary) : text(summary))
        output.flush()
    }

    /// The summary as one line.
    static func text(_ summary: BackupImportSummary) -> String {
        "books added \(summary.booksAdded), updated \(summary.booksUpdated); positions \(summary.positions); "
            + "items \(summary.annotations); collections \(summary.collections); settings \(summary.settings); "
            + "sessions \(summary.readingSessions); article highlights and notes \(summary.articleAnnotations)"
    }
}

import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader backup pull --webdav URL`.
struct BackupPullCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pull", abstract: "Download a backup from a WebDAV server and merge it into the library.",
        discussion: "Credentials as for `backup push`. A malformed or newer backup is refused whole.")

    @Option(help: "The backup file's URL on the server (http or https).")
    var webdav: String

    @Flag(help: "Print what changed as JSON.")
    var json = false

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            BackupSummaryLine.print(try Library.forCommand().pullBackup(from: try WebDAVClient(url: webdav)), json: json)
        }
    }
}

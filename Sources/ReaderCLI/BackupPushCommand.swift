import ArgumentParser
import ReaderCore
import ReaderLibrary

/// `reader backup push --webdav URL`.
struct BackupPushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push", abstract: "Upload a backup to a WebDAV server.",
        discussion: """
            The backup is uploaded under a temporary name and moved over the file, so the remote copy is the old one or \
            the new one, never half. The user and password come from READER_WEBDAV_USER and READER_WEBDAV_PASSWORD, or a \
            netrc file ($NETRC, else ~/.netrc), never from the command line.
            """)

    @Option(help: "The backup file's URL on the server (http or https).")
    var webdav: String

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            try Library.forCommand().pushBackup(to: try WebDAVClient(url: webdav))
        }
    }
}

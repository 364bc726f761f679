import ArgumentParser
import Foundation
import ReaderCore
import ReaderLibrary
import ReaderServer

/// `reader serve DIR|--library`: a folder of books and Markdown articles, or the library, over HTTP.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a folder of books and articles, or the library, over HTTP (loopback unless --host says otherwise).")

    @Argument(help: "The folder to serve (books and Markdown articles, walked recursively).")
    var folder: String?

    @Flag(help: "Serve the library instead of a folder.")
    var library = false

    @Option(help: "The address to bind.")
    var host = "127.0.0.1"

    @Option(help: "The port to bind; 0 picks a free one.")
    var port = 8080

    @Option(help: "The token every request must carry (Authorization: Bearer, or ?token=); required off loopback, generated when not given.")
    var token: String?

    @Flag(help: "Let clients save highlights, notes and positions (in the library).")
    var writable = false

    @Option(help: ArgumentHelp(
        "The library store: a SQLite file, or postgres://USER@HOST[:PORT]/DATABASE[?schema=NAME] (default: $READER_DATABASE, else the default library).",
        discussion: "KOReader sync accounts and progress are kept there, also when a folder is served."))
    var database: String?

    func validate() throws {
        guard (folder != nil) != library else {
            throw ValidationError("give a folder or --library, not both and not neither")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let configuration = try makeConfiguration()
            let server = ReaderServer(configuration: configuration)
            let token = configuration.token
            try BlockingTask.run {
                try await server.run { address in
                    var output = OutputBuffer()
                    output.line("Serving at \(address)/")
                    if let token { output.line("Token: \(token)") }
                    output.flush()
                }
            }
        }
    }

    private func makeConfiguration() throws(ReaderError) -> ServerConfiguration {
        let source: ServerConfiguration.Source
        if let folder {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ReaderError(.fileNotFound, file: folder, reason: "no such folder")
            }
            source = .folder(path: URL(fileURLWithPath: folder).standardizedFileURL.path)
        } else {
            source = .library(try openLibrary())
        }
        var configuration = ServerConfiguration(source: source, host: host, port: port, token: token, writable: writable)
        if folder != nil { configuration.syncLibrary = try openLibrary() }
        if configuration.token == nil, !configuration.bindsLoopbackOnly {
            configuration.token = ServerToken.generate()
        }
        return configuration
    }

    /// The library `--database` names, else `READER_DATABASE`'s, else the default one.
    private func openLibrary() throws(ReaderError) -> Library {
        try Library.forCommand(database: database)
    }
}

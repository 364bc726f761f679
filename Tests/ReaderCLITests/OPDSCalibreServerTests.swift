import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// `reader opds` against a real catalog server: calibre's content server, started on loopback over
/// a calibre library the test builds from the TestBooks. calibre's feeds carry the quirks the
/// samples only imitate: server-relative hrefs, search as a URL template in the path, a `last`
/// link at offset 0, several authors joined in one `<name>`.
@Suite("OPDS against calibre's content server", .serialized,
       .enabled(if: ReaderExecutable.url != nil, "the reader executable was not built"))
struct OPDSCalibreServerTests {
    static let quick = ["--timeout", "60", "--retry-delays", "0.2,0.5"]

    /// A calibre-server process over `library`, listening on a free loopback port.
    final class CalibreServer {
        let process = Process()
        let port: Int

        init(library: URL, executable: String, log: URL) throws {
            port = try freeLoopbackPort()
            process.executableURL = URL(fileURLWithPath: executable)
            // Two books a page, so the by-title feed of three books has a next page.
            process.arguments = ["--listen-on", "127.0.0.1", "--port", String(port), "--max-opds-items", "2",
                                 "--disable-use-bonjour", library.path]
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let output = try FileHandle(forWritingTo: log)
            process.standardOutput = output
            process.standardError = output
            try process.run()
        }

        var root: String { "http://127.0.0.1:\(port)/opds" }

        /// Waits until the server takes connections (at most `seconds`), trying every 200 ms.
        func waitUntilListening(seconds: Double = 60) -> Bool {
            for _ in 0..<Int(seconds * 5) {
                guard process.isRunning else { return false }
                if OPDSCalibreServerTests.acceptsConnections(port: port) { return true }
                Thread.sleep(forTimeInterval: 0.2)
            }
            return false
        }

        /// Stops the server: SIGTERM, then SIGKILL after 10 s (while it runs, calibre refuses to
        /// let calibredb touch any library).
        func stop() {
            if process.isRunning { process.terminate() }
            for _ in 0..<100 where process.isRunning { Thread.sleep(forTimeInterval: 0.1) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    /// A port no one listens on now: bound to 0, read back, released.
    static func freeLoopbackPort() throws -> Int {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something listens on the loopback `port`.
    static func acceptsConnections(port: Int) -> Bool {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return false }
        defer { close(socket) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }

    static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first(where: FileManager.default.isExecutableFile)
    }

    /// Runs a calibre tool to the end; its exit status.
    static func runTool(_ executable: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func catalog(_ address: String, _ extra: [String] = [], in folder: URL) throws -> [String: Any] {
        let result = try ReaderExecutable.run(["opds", address, "--json"] + extra + Self.quick, cacheDirectory: folder)
        #expect(result.status == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    func publications(_ page: [String: Any]) -> [(title: String, authors: [String])] {
        (page["publications"] as? [[String: Any]] ?? []).map {
            ($0["title"] as? String ?? "", $0["authors"] as? [String] ?? [])
        }
    }

    @Test("browse, follow next, search, miss and download from calibre-server over a library the test builds")
    func calibreServer() throws {
        let calibredb = try #require(Self.tool("calibredb"), "calibre is needed (scripts/install-deps.sh installs it)")
        let serverTool = try #require(Self.tool("calibre-server"), "calibre is needed (scripts/install-deps.sh installs it)")
        try withTemporaryDirectory(prefix: "reader-calibre") { folder in
            let library = folder.appendingPathComponent("library")
            let books = ["TestBooks/epub/lighthouse-keeper.epub", "TestBooks/mobi/moon-garden.azw3", "TestBooks/pdf/harbour-lights.pdf"]
                .map { TestLocation.packageRoot.appendingPathComponent($0).path }
            #expect(try Self.runTool(calibredb, ["add", "--library-path", library.path] + books) == 0)
            // Two authors, which calibre's feeds join in one <name> ("A & B").
            #expect(try Self.runTool(calibredb, ["set_metadata", "--library-path", library.path, "3",
                                                 "--field", "authors:Anna Tern & Bo Lund"]) == 0)
            let server = try CalibreServer(library: library, executable: serverTool, log: folder.appendingPathComponent("server.log"))
            defer { server.stop() }
            try #require(server.waitUntilListening(), "calibre-server did not answer: \((try? String(contentsOf: folder.appendingPathComponent("server.log"), encoding: .utf8)) ?? "")")

            let root = try catalog(server.root, in: folder)
            let navigation = root["navigation"] as? [[String: Any]] ?? []
            let byTitle = try #require(navigation.first { $0["title"] as? String == "By Title" }?["href"] as? String)
            #expect(byTitle.hasPrefix("http://127.0.0.1:\(server.port)/opds/navcatalog/"), "server-relative hrefs resolve")

            let first = try catalog(byTitle, in: folder)
            #expect(publications(first).map(\.title) == ["Harbour Lights", "The Lighthouse Keeper: A Story of Gannet Rock"])
            #expect(publications(first).first?.authors == ["Anna Tern", "Bo Lund"])
            let pagination = first["pagination"] as? [String: String] ?? [:]
            let next = try #require(pagination["next"])
            #expect(pagination["last"]?.hasSuffix("offset=0") == true, "calibre's last link is not on a page boundary")
            let second = try catalog(next, in: folder)
            #expect(publications(second).map(\.title) == ["月亮花园"])
            #expect((second["pagination"] as? [String: String])?["next"] == nil)

            let found = try catalog(server.root, ["--search", "Lighthouse"], in: folder)
            #expect(publications(found).map(\.title) == ["The Lighthouse Keeper: A Story of Gannet Rock"])
            let missed = try catalog(server.root, ["--search", "nosuchwordanywhere"], in: folder)
            #expect(publications(missed).isEmpty)

            // The PDF comes back byte for byte; the EPUB comes back with calibre's metadata written
            // into it, so it is compared by its text.
            let downloads = folder.appendingPathComponent("downloads")
            for (title, original) in [("Harbour Lights", books[2]), ("The Lighthouse Keeper: A Story of Gannet Rock", books[0])] {
                let result = try ReaderExecutable.run(["opds", byTitle, "--download", title, "--to", downloads.path] + Self.quick,
                                                      cacheDirectory: folder)
                #expect(result.status == 0, "\(result)")
                let path = try #require(result.lines.last)
                #expect(path.hasPrefix(downloads.path + "/"))
                if original.hasSuffix(".pdf") {
                    #expect(FileManager.default.contentsEqual(atPath: path, andPath: original))
                } else {
                    let words = { (path: String) throws -> [Substring] in
                        let document = try ReaderEngine.standard.open(path: path)
                        return try document.readingOrder.flatMap { section in
                            try document.content(ofSection: section.index).blocks.flatMap { $0.text.split(whereSeparator: \.isWhitespace) }
                        }
                    }
                    #expect(try words(path) == words(original))
                }
            }
        }
    }
}

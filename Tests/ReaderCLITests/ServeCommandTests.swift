import Foundation
import ReaderTestSupport
import Testing

/// `reader serve DIR --port 0` run as a user would: the printed address answers `/api/files`.
@Suite(.enabled(if: ReaderExecutable.url != nil, "the reader executable was not found next to the test binary"))
struct ServeCommandTests {
    @Test("reader serve DIR --port 0 prints its address, serves /api/files there, and stops on SIGTERM")
    func serveFolder() throws {
        try withTemporaryDirectory(prefix: "reader-serve") { folder in
            let articles = folder.appendingPathComponent("served/2024/05", isDirectory: true)
            try FileManager.default.createDirectory(at: articles, withIntermediateDirectories: true)
            try Data("---\ntitle: \"Harbour Walk\"\nbookmarked: 2024-05-02T10:00:00Z\n---\nA walk.\n".utf8)
                .write(to: articles.appendingPathComponent("harbour-walk.md"))
            try FileManager.default.copyItem(at: TestLocation.testBooks.appendingPathComponent("epub/moon-garden.epub"),
                                             to: folder.appendingPathComponent("served/moon-garden.epub"))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_577_836_800)],
                                                  ofItemAtPath: folder.appendingPathComponent("served/moon-garden.epub").path)
            let output = folder.appendingPathComponent("stdout")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let process = Process()
            process.executableURL = try #require(ReaderExecutable.url)
            process.arguments = ["serve", folder.appendingPathComponent("served").path, "--port", "0"]
            var environment = ProcessInfo.processInfo.environment
            environment["READER_LIBRARY"] = folder.appendingPathComponent("library.sqlite").path  // never the user's
            environment["READER_CACHE_DIR"] = folder.path
            process.environment = environment
            process.standardOutput = try FileHandle(forWritingTo: output)
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            defer {
                if process.isRunning { process.terminate() }
                process.waitUntilExit()
            }
            var address: String?
            let deadline = Date().addingTimeInterval(30)
            while address == nil, Date() < deadline, process.isRunning {
                let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
                address = text.firstMatch(of: /Serving at (http:\/\/127\.0\.0\.1:\d+)\//).map { String($0.1) }
                if address == nil { Thread.sleep(forTimeInterval: 0.1) }
            }
            let base = try #require(address, "the server printed no address")
            let port = try #require(Int(base.split(separator: ":").last ?? ""))
            let response = try HTTPGet.fetch(port: port, path: "/api/files")
            #expect(response.hasPrefix("HTTP/1.1 200"))
            let body = try #require(response.range(of: "\r\n\r\n").map { String(response[$0.upperBound...]) })
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]])
            #expect(entries.map { $0["filename"] as? String } == ["harbour-walk.md", "moon-garden.epub"])
            #expect(entries.first?["title"] as? String == "Harbour Walk")
            #expect(entries.last?["feed"] as? String == "books")
            process.terminate()
            process.waitUntilExit()
            #expect(!process.isRunning)
        }
    }
}

/// A one-shot HTTP/1.1 GET over a plain socket to 127.0.0.1.
enum HTTPGet {
    /// The whole response (head and body) to `GET path`, the connection closed by the server.
    static func fetch(port: Int, path: String) throws -> String {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        var timeout = timeval(tv_sec: 20, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        _ = Array(request.utf8).withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, 0) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }
}

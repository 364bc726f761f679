import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReaderCore
import ReaderLibrary
import ReaderTestSupport
import Testing

extension CLITests {
    /// One HTTP exchange with a deadline; returns the status and the body as JSON.
    private func exchange(_ method: String, _ url: String, user: String, key: String,
                          body: [String: Any]? = nil) throws -> (status: Int, json: [String: Any]?) {
        var request = URLRequest(url: try #require(URL(string: url)), timeoutInterval: 10)
        request.httpMethod = method
        request.setValue("application/vnd.koreader.v1+json", forHTTPHeaderField: "Accept")
        request.setValue(user, forHTTPHeaderField: "x-auth-user")
        request.setValue(key, forHTTPHeaderField: "x-auth-key")
        if let body {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
        }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: (Int, Data?) = (0, nil)
        URLSession.shared.dataTask(with: request) { data, response, _ in
            outcome = ((response as? HTTPURLResponse)?.statusCode ?? 0, data)
            done.signal()
        }.resume()
        #expect(done.wait(timeout: .now() + 15) == .success)
        return (outcome.0, outcome.1.flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] })
    }

    @Test("serve DIR --database FILE: a KOSync round trip over HTTP, kept in that library")
    func serveKOSyncRoundTrip() throws {
        try withTemporaryDirectory(prefix: "reader-cli-kosync") { directory throws in
            let database = directory.appendingPathComponent("sync.sqlite").path
            let executable = try #require(ReaderExecutable.url)
            let process = Process()
            process.executableURL = executable
            process.arguments = ["serve", directory.path, "--port", "0", "--database", database]
            var environment = ProcessInfo.processInfo.environment
            environment["READER_LIBRARY"] = directory.appendingPathComponent("unused.sqlite").path
            process.environment = environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer {
                if process.isRunning { process.terminate() }
                process.waitUntilExit()
            }
            // "Serving at http://127.0.0.1:PORT/" once the socket is open.
            var printed = Data()
            while !printed.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed.append(chunk)
            }
            let line = String(decoding: printed, as: UTF8.self)
            let base = try #require(line.split(separator: " ").last.map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) },
                                    "\(line)")
            #expect(base.hasPrefix("http://127.0.0.1:"))

            let created = try exchange("POST", base + "users/create", user: "", key: "",
                                       body: ["username": "kindle", "password": "5f4dcc3b5aa765d61d8327deb882cf99"])
            #expect(created.status == 201 && created.json?["username"] as? String == "kindle")
            let pushed = try exchange("PUT", base + "syncs/progress", user: "kindle", key: "5f4dcc3b5aa765d61d8327deb882cf99",
                                      body: ["document": "abc123", "progress": "12", "percentage": 0.25, "device": "pw"])
            #expect(pushed.status == 200 && pushed.json?["document"] as? String == "abc123")
            let read = try exchange("GET", base + "syncs/progress/abc123", user: "kindle", key: "5f4dcc3b5aa765d61d8327deb882cf99")
            #expect(read.status == 200 && read.json?["progress"] as? String == "12" && read.json?["percentage"] as? Double == 0.25)
            let refused = try exchange("GET", base + "syncs/progress/abc123", user: "kindle", key: "wrong")
            #expect(refused.status == 401 && refused.json?["code"] as? Int == 2001)

            process.terminate()
            process.waitUntilExit()
            let record = try Library.open(path: database).store.read { (transaction) throws(ReaderError) in
                try transaction.kosyncRecord(username: "kindle", document: "abc123")
            }
            #expect(record?.progress.device == "pw")
            #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("unused.sqlite").path))
        }
    }
}

import Foundation
import Testing

/// Runs Debian's epubcheck (`java -jar /usr/share/java/epubcheck.jar FILE --json -`) on EPUB files,
/// two at a time (the JVM takes a second or two to start), and gives each file's errors and warnings.
enum EPUBCheck {
    static let jar = "/usr/share/java/epubcheck.jar"

    /// Whether epubcheck and java are installed (`scripts/install-deps.sh` installs them).
    static var isAvailable: Bool {
        FileManager.default.fileExists(atPath: jar) && FileManager.default.isExecutableFile(atPath: "/usr/bin/java")
    }

    /// One message of epubcheck's report.
    struct Message: CustomStringConvertible, Sendable {
        var id: String
        var severity: String
        var text: String
        var location: String
        var description: String { "\(severity) \(id) \(location): \(text)" }
    }

    /// The messages of severity FATAL, ERROR and WARNING for each of `paths`.
    static func problems(in paths: [String]) throws -> [String: [Message]] {
        let results = Results()
        let queue = DispatchQueue(label: "epubcheck", attributes: .concurrent)
        let group = DispatchGroup()
        let slots = DispatchSemaphore(value: 2)
        for path in paths {
            group.enter()
            queue.async {
                slots.wait()
                defer { slots.signal(); group.leave() }
                results.set(path, Result { try check(path) })
            }
        }
        group.wait()
        var problems: [String: [Message]] = [:]
        for path in paths { problems[path] = try results.get(path) }
        return problems
    }

    private final class Results: @unchecked Sendable {  // guarded by `lock`
        private let lock = NSLock()
        private var values: [String: Result<[Message], any Error>] = [:]
        func set(_ path: String, _ value: Result<[Message], any Error>) { lock.withLock { values[path] = value } }
        func get(_ path: String) throws -> [Message] { try lock.withLock { values[path]! }.get() }
    }

    private static func check(_ path: String) throws -> [Message] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/java")
        process.arguments = ["-Xss4m", "-XX:TieredStopAtLevel=1", "-jar", jar, path, "--json", "-"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard let start = data.firstIndex(of: UInt8(ascii: "{")),
              let report = try JSONSerialization.jsonObject(with: data[start...]) as? [String: Any],
              let messages = report["messages"] as? [[String: Any]] else {
            throw CheckError(reason: "epubcheck printed no JSON report for \(path): \(String(decoding: data.prefix(500), as: UTF8.self))")
        }
        return messages.compactMap { message in
            let severity = message["severity"] as? String ?? ""
            guard ["FATAL", "ERROR", "WARNING"].contains(severity) else { return nil }
            let locations = (message["locations"] as? [[String: Any]] ?? []).map { location in
                "\(location["path"] ?? "?"):\(location["line"] ?? "?")"
            }
            return Message(id: message["ID"] as? String ?? "?", severity: severity, text: message["message"] as? String ?? "",
                           location: locations.prefix(3).joined(separator: ", "))
        }
    }

    struct CheckError: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }
}

import Foundation

/// Info-ZIP's `unzip`, run as a second opinion on archives the writer made.
enum UnzipTool {
    static let path = "/usr/bin/unzip"

    /// `unzip -t archive`: its exit status and what it printed.
    static func test(_ archive: String) throws -> (status: Int32, output: String) {
        try run(["-t", archive])
    }

    /// `unzip -Z -v archive` (zipinfo's verbose listing): what it printed.
    static func details(_ archive: String) throws -> String {
        try run(["-Z", "-v", archive]).output
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}

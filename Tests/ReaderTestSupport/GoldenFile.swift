import Foundation
import Testing

/// Golden files: a test compares what it makes with a committed file, or, when
/// `READER_UPDATE_GOLDEN=1` is set, rewrites the file and fails, so an update can never turn a red
/// suite green by itself.
public enum GoldenFile {
    /// The message of the issue every rewrite records.
    public static let rewrittenMessage = "golden file rewritten: review the diff and run again without READER_UPDATE_GOLDEN"

    /// Whether `READER_UPDATE_GOLDEN=1` asks for golden files to be rewritten.
    public static var updateRequested: Bool {
        ProcessInfo.processInfo.environment["READER_UPDATE_GOLDEN"] == "1"
    }

    /// Writes `contents` (UTF-8) to `path`, creating its folder, and records an issue saying so.
    public static func rewrite(_ contents: String, toFile path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        Issue.record("\(rewrittenMessage) (\(path))", sourceLocation: sourceLocation)
    }
}

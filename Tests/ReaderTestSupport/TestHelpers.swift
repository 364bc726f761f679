import Foundation
import ReaderCore
import Testing

/// The ReaderError a body throws, or nil when it throws none (another error is recorded as an issue).
public func readerError(_ body: () throws -> Void) -> ReaderError? {
    do {
        try body()
        return nil
    } catch {
        guard let error = error as? ReaderError else {
            Issue.record("expected a ReaderError, got \(error)")
            return nil
        }
        return error
    }
}

/// Runs `body` with a fresh temporary directory named after `prefix`, removed afterwards.
public func withTemporaryDirectory<T>(prefix: String, _ body: (URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

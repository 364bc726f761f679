import Foundation
import ReaderCore
import ReaderLibrary
import ReaderTestSupport
import Testing

/// A `reader` process whose standard output is read line by line while it runs.
final class RunningReader {
    let process = Process()
    private let output = Pipe()
    private var pending = Data()

    init(_ arguments: [String], cache: URL, library: String) throws {
        guard let executable = ReaderExecutable.url else { throw CocoaError(.fileNoSuchFile) }
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["READER_CACHE_DIR"] = cache.path
        environment["READER_LIBRARY"] = library
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// The next complete line, or nil at the end of output.
    func nextLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending = Data(pending[(newline + 1)...])
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            pending.append(chunk)
        }
    }

    /// Every remaining line, after the process ends.
    func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = nextLine() { lines.append(line) }
        process.waitUntilExit()
        return lines
    }

    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

extension CLITests {
    /// `count` small distinct text books in a folder of `cache` (books of two folders differ too).
    func generatedBooks(_ count: Int, in cache: URL, folder name: String) throws -> String {
        let folder = cache.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for number in 0..<count {
            let text = "\(name) \(number)\n\nThe \(number)th tale of the keeper, who counted \(number * 7) waves before dawn.\n"
            try Data(text.utf8).write(to: folder.appendingPathComponent("book-\(number).txt"))
        }
        return folder.path
    }

    @Test("two processes writing to one library at once (a scan and 1,000 highlight adds) both succeed; nothing is lost")
    func concurrentWriters() throws {
        try withCacheDirectory { cache throws in
            let library = cache.appendingPathComponent("library.sqlite").path
            let seed = try generatedBooks(1, in: cache, folder: "seed")
            _ = try ReaderExecutable.run(["library", "add", seed], cacheDirectory: cache)
            let many = try generatedBooks(150, in: cache, folder: "many")
            let writer = try RunningReader(["library", "stress-writes", seed + "/book-0.txt", "--count", "1000"], cache: cache,
                                           library: library)
            let scan = try ReaderExecutable.run(["library", "add", many], cacheDirectory: cache)
            let written = writer.remainingLines()
            #expect(writer.process.terminationStatus == 0)
            #expect(scan.status == 0, "\(scan)")
            #expect(scan.lines.first?.hasPrefix("added 150,") == true)
            #expect(written.count == 1000)
            let opened = try Library.open(path: library)
            #expect(try opened.store.integrityProblems().isEmpty)
            #expect(try opened.books().count == 151)
            let stored = Set(try opened.annotations(of: nil).map(\.uuid))
            #expect(stored.count == 1000 && stored == Set(written))
        }
    }

    @Test("a writer killed with SIGKILL at random moments 50 times: the database is intact and every committed item is there")
    func killedWriters() throws {
        try withCacheDirectory { cache throws in
            let library = cache.appendingPathComponent("library.sqlite").path
            let seed = try generatedBooks(1, in: cache, folder: "seed")
            _ = try ReaderExecutable.run(["library", "add", seed], cacheDirectory: cache)
            var random = SeededRandom(seed: 17)
            var committed = Set<String>()
            var kills = 0
            for round in 0..<50 {
                let writer = try RunningReader(["library", "stress-writes", seed + "/book-0.txt", "--count", "100000"],
                                               cache: cache, library: library)
                if round % 2 == 0 {
                    // Kill after a random number of commits.
                    let wanted = Int.random(in: 1...40, using: &random)
                    for _ in 0..<wanted {
                        guard let line = writer.nextLine() else { break }
                        committed.insert(line)
                    }
                    writer.kill()
                } else {
                    // Kill at a random moment, perhaps mid-commit or before the first.
                    usleep(UInt32.random(in: 5_000...150_000, using: &random))
                    writer.kill()
                }
                committed.formUnion(writer.remainingLines())
                kills += 1
                let opened = try Library.open(path: library)
                #expect(try opened.store.integrityProblems().isEmpty, "after kill \(kills)")
                let stored = Set(try opened.annotations(of: nil).map(\.uuid))
                #expect(committed.isSubset(of: stored), "after kill \(kills): \(committed.subtracting(stored).count) lost")
            }
            #expect(kills == 50)
            #expect(committed.count > 100)
        }
    }
}

import Foundation
import Synchronization
import ReaderTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Seeded mutants of the TestBooks (and of a saved web page and an Atom feed from ../shared)
/// through the `reader` commands, each run under a time limit: no crash, no hang, bounded memory,
/// and either output or one line of error.
extension CLITests {
    static let mutationSeed: UInt64 = 0x5EED_2026
    static let mutantCount = 240
    static let mutationTimeLimit: TimeInterval = 20
    static let mutationMemoryLimitKB = 1 << 20

    static let mutationSources = [
        "TestBooks/epub/lighthouse-keeper.epub", "TestBooks/epub/moon-garden.epub", "TestBooks/epub/winter-road-fixed.epub",
        "TestBooks/mobi/lighthouse-keeper.mobi", "TestBooks/mobi/lighthouse-keeper.azw3", "TestBooks/mobi/moon-garden-both.mobi",
        "TestBooks/pdf/harbour-lights.pdf", "TestBooks/pdf/two-columns.pdf",
        "TestBooks/txt/winter-road.cp1251.txt", "TestBooks/md/field-notes.md",
        // A saved web page and an Atom feed (an OPDS catalog, which opens as a feed), from ../shared.
        "../shared/corpus-web/readability/001/source.html", "../shared/corpus-web/opds/feedbooks_catalog.atom",
    ]

    /// One mutation: flipped bytes, a cut, a zeroed block, bytes inserted, or a block copied over another.
    static func mutate(_ bytes: [UInt8], random: inout SeededRandom) -> [UInt8] {
        var bytes = bytes
        guard bytes.count > 16 else { return bytes }
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            }
        case 1:
            bytes.removeLast(Int.random(in: 1..<bytes.count, using: &random))
        case 2:
            let start = Int.random(in: 0..<bytes.count, using: &random)
            let end = min(bytes.count, start + Int.random(in: 1...4096, using: &random))
            bytes.replaceSubrange(start..<end, with: repeatElement(0, count: end - start))
        case 3:
            let at = Int.random(in: 0..<bytes.count, using: &random)
            bytes.insert(contentsOf: (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) },
                         at: at)
        default:
            let length = Int.random(in: 1...min(2048, bytes.count / 2), using: &random)
            let from = Int.random(in: 0...(bytes.count - length), using: &random)
            let to = Int.random(in: 0...(bytes.count - length), using: &random)
            bytes.replaceSubrange(to..<(to + length), with: bytes[from..<(from + length)])
        }
        return bytes
    }

    /// Runs `reader` with a time limit; nil when it had to be killed.
    static func runLimited(_ arguments: [String], cacheDirectory: URL) throws -> ReaderExecutable.Result? {
        let executable = try #require(ReaderExecutable.url)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["READER_CACHE_DIR"] = cacheDirectory.path
        environment["READER_LIBRARY"] = cacheDirectory.appendingPathComponent("library.sqlite").path  // never the user's
        process.environment = environment
        let run = UUID().uuidString
        let out = cacheDirectory.appendingPathComponent("out-\(run)"), err = cacheDirectory.appendingPathComponent("err-\(run)")
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let stdout = try FileHandle(forWritingTo: out), stderr = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        let timedOut = finished.wait(timeout: .now() + mutationTimeLimit) == .timedOut
        if timedOut {
            process.terminate()
            finished.wait()
        }
        try stdout.close()
        try stderr.close()
        guard !timedOut else { return nil }
        return ReaderExecutable.Result(status: process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus,
                                       stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                                       stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    @Test("seeded mutants of the TestBooks: no crash, no hang, bounded memory, output or one line of error")
    func mutantsNeverCrashOrHang() throws {
        try withCacheDirectory { cache in
            var random = SeededRandom(seed: Self.mutationSeed)
            let sources = try Self.mutationSources.map {
                ($0, [UInt8](try Data(contentsOf: TestLocation.packageRoot.appendingPathComponent($0))))
            }
            let commands: [(String) -> [String]] = [
                { ["open", $0, "--width", "60", "--height", "20", "--no-cache"] },
                { ["info", $0, "--width", "60", "--height", "20", "--no-cache"] },
                { ["toc", $0, "--json"] },
                { ["text", $0] },
                { ["search", $0, "the", "--count", "--no-index"] },
            ]
            // The mutants are made in order from the seed, then run two at a time (each run is mostly waiting).
            var runs: [(arguments: [String], label: String)] = []
            for index in 0..<Self.mutantCount {
                let (source, bytes) = sources[index % sources.count]
                let mutant = Self.mutate(bytes, random: &random)
                let path = cache.appendingPathComponent("mutant-\(index)." + (source as NSString).pathExtension).path
                _ = FileManager.default.createFile(atPath: path, contents: Data(mutant))
                let arguments = commands[index % commands.count](path)
                runs.append((arguments, "\(arguments.joined(separator: " ")) (from \(source), mutant \(index))"))
            }
            let planned = runs
            let results = Mutex([ReaderExecutable.Result?](repeating: nil, count: planned.count))
            DispatchQueue.concurrentPerform(iterations: planned.count) { index in
                let result = try? Self.runLimited(planned[index].arguments, cacheDirectory: cache)
                results.withLock { $0[index] = result }
            }
            var statuses: [Int32: Int] = [:]
            for (index, result) in results.withLock({ $0 }).enumerated() {
                let (arguments, label) = runs[index]
                guard let result else {
                    Issue.record("no answer within \(Self.mutationTimeLimit) s: \(label)")
                    continue
                }
                statuses[result.status, default: 0] += 1
                #expect(result.status >= 0, "killed by signal \(-result.status): \(label)\n\(result.stderr.prefix(500))")
                #expect(result.status != 2, "a damaged file is not a usage error: \(label)\n\(result.stderr)")
                if result.status == 0 {
                    let extra = result.errorLines.filter { !$0.hasPrefix("reader: warning: ") }
                    #expect(extra.isEmpty, "\(label): \(result.stderr.prefix(300))")
                } else if result.status == 1, !arguments.contains("--count") {
                    #expect(result.errorLines.count == 1 && result.stdout.isEmpty, "\(label): \(result)")
                }
                #expect(Self.controlCharacters(in: result.stdout + result.stderr).isEmpty, "\(label)")
            }
            var usage = rusage()
            getrusage(RUSAGE_CHILDREN.rawValue, &usage)
            #expect(usage.ru_maxrss < Self.mutationMemoryLimitKB, "peak RSS of a run: \(usage.ru_maxrss) KiB")
            #expect((statuses[0] ?? 0) > 0, "some mutants still open: \(statuses)")
        }
    }
}

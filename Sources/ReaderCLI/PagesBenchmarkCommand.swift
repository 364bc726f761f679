import ArgumentParser
import Foundation
import ReaderCore
import ReaderEngine

/// `reader bench-pages FILE` (hidden): lays out every page of a book on one thread, then the same
/// pages on several threads sharing one ``ReadingSession``, and prints the median times and their
/// ratio (Benchmarks/sessions.sh). Each run opens the book afresh, with the page index known, so
/// every run converts its sections cold.
struct PagesBenchmarkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-pages", abstract: "Time laying out a book's pages on one thread and on several.",
        shouldDisplay: false)

    @OptionGroup var document: DocumentOptions

    @Option(help: "Columns per line.")
    var width = Viewport.standard.columns

    @Option(help: "Lines per page.")
    var height = Viewport.standard.rows

    @Option(help: "Threads sharing the session in the parallel runs.")
    var threads = 8

    @Option(help: "Runs of each kind (alternating).")
    var runs = 5

    @Option(help: "Lay out only the first N pages.")
    var pages: Int?

    func validate() throws {
        if threads < 2 { throw ValidationError("--threads must be 2 or more (one thread is always measured)") }
        if runs < 1 { throw ValidationError("--runs must be 1 or more") }
    }

    func run() throws {
        try reportingErrors { () throws(ReaderError) in
            let viewport = try Viewport(columns: width, rows: height)
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reader-bench-\(getpid())").path
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let cache = PageIndexCache(directory: directory)
            let first = try ReadingSession(path: document.file, options: document.openOptions, viewport: viewport, cache: cache)
            let total = min(try first.exactPageCount(), pages ?? .max)
            try first.saveIndex()
            first.close()
            var single: [Double] = [], parallel: [Double] = []
            var singleCPU: [Double] = [], parallelCPU: [Double] = []
            var digests = Set<Int>()
            for _ in 0..<runs {
                for count in [1, threads] {
                    let session = try ReadingSession(path: document.file, options: document.openOptions, viewport: viewport,
                                                     cache: cache)
                    let cpuBefore = Self.cpuSeconds()
                    let (seconds, digest) = try Self.layOut(pages: total, threads: count, session: session)
                    let cpu = Self.cpuSeconds() - cpuBefore
                    session.close()
                    digests.insert(digest)
                    if count == 1 { single.append(seconds); singleCPU.append(cpu) } else { parallel.append(seconds); parallelCPU.append(cpu) }
                }
            }
            let one = Self.median(single), many = Self.median(parallel)
            var output = OutputBuffer()
            output.line("pages \(total) at \(viewport), \(runs) runs each")
            output.line("1 thread: median \(Self.format(one)) s (\(single.map(Self.format).joined(separator: " ")))")
            output.line("\(threads) threads: median \(Self.format(many)) s (\(parallel.map(Self.format).joined(separator: " ")))")
            output.line("ratio: \(String(format: "%.2f", many / one))")
            output.line("cpu: 1 thread \(Self.format(Self.median(singleCPU))) s, \(threads) threads \(Self.format(Self.median(parallelCPU))) s")
            output.line("same pages on every run: \(digests.count == 1 ? "yes" : "no")")
            output.flush()
        }
    }

    /// Lays out pages 1...`pages` on `threads` threads, each taking a run of consecutive pages;
    /// returns the wall time and a hash of every page's lines in page order.
    static func layOut(pages: Int, threads: Int, session: ReadingSession) throws(ReaderError) -> (Double, Int) {
        let results = PageResults(count: pages)
        let done = DispatchGroup()
        let start = DispatchTime.now().uptimeNanoseconds
        for thread in 0..<threads {
            let range = (1 + pages * thread / threads)..<(1 + pages * (thread + 1) / threads)
            done.enter()
            let worker = Thread {
                for number in range {
                    results.set(number, Result { () throws(ReaderError) in try session.page(number).lines.hashValue })
                }
                done.leave()
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        done.wait()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        var hasher = Hasher()
        for result in results.all { hasher.combine(try result.get()) }
        return (seconds, hasher.finalize())
    }

    /// User and system CPU seconds of the process so far, every thread (`getrusage`).
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }
}

/// Each page's result, written by the thread that laid it out.
private final class PageResults: @unchecked Sendable {
    // @unchecked: `values` is read and written only while `lock` is held.
    private let lock = NSLock()
    private var values: [Result<Int, ReaderError>]

    init(count: Int) {
        values = Array(repeating: .failure(ReaderError(.invalidArgument, reason: "not laid out")), count: count)
    }

    func set(_ page: Int, _ result: Result<Int, ReaderError>) {
        lock.withLock { values[page - 1] = result }
    }

    var all: [Result<Int, ReaderError>] { lock.withLock { values } }
}

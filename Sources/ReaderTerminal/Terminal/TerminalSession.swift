import Foundation
import ReaderCore

/// Runs a ``TerminalReader`` at the terminal: draws a frame, waits for keys, a resize or news
/// from other threads, acts, draws again, until `q`. The terminal is given back on every way out.
public enum TerminalSession {
    /// How long an Escape waits for the rest of a sequence, in milliseconds.
    static let escapeWait: Int32 = 30

    /// Reads `book` at the terminal on standard input and output.
    /// - Parameters:
    ///   - timingLog: a file to append timings to (`first-frame NANOSECONDS` since the Unix epoch, and
    ///     `key NANOSECONDS` per key from its arrival to its frame written), for benchmarks.
    /// - Throws: ``ReaderError`` when there is no terminal or the book's first page cannot be laid out.
    public static func run(_ book: ReaderBook, environment: [String: String] = ProcessInfo.processInfo.environment,
                           timingLog: String? = nil) throws(ReaderError) {
        let driver = try TerminalDriver()
        let capabilities = TerminalCapabilities.detect(environment: environment)
        let inbox = EventInbox(wake: { driver.wake() })
        let size = driver.size()
        let log = timingLog.flatMap { TimingLog(path: $0) }
        try driver.enter()
        defer { driver.leave() }
        let reader = try TerminalReader(book: book, columns: size.columns, rows: size.rows, capabilities: capabilities, inbox: inbox)
        defer { reader.finish() }
        if let cell = driver.cellPixels() { reader.cellPixels = cell }
        driver.write(ScreenEncoder.frame(reader.screen(), capabilities: capabilities))
        log?.note("first-frame", TimingLog.now())
        var decoder = KeyDecoder()
        var lastFrame = reader.screen()
        var clockShown = TerminalReader.timeOfDay()
        while true {
            let wakeup = driver.wait(timeout: decoder.hasPending ? escapeWait : 1000)
            let arrived = TimingLog.now()
            var changed = false
            if wakeup.inputClosed { return }
            if wakeup.resized {
                let size = driver.size()
                if let cell = driver.cellPixels() { reader.cellPixels = cell }
                reader.resize(columns: size.columns, rows: size.rows)
                changed = true
            }
            var keys = decoder.feed(wakeup.input)
            if wakeup.input.isEmpty, !wakeup.resized, decoder.hasPending { keys += decoder.flush() }
            for key in keys {
                guard reader.handle(key) else { return }
                changed = true
            }
            if reader.applyEvents() { changed = true }
            let clock = TerminalReader.timeOfDay()
            if clock != clockShown {
                clockShown = clock
                changed = true
            }
            guard changed else { continue }
            let frame = reader.screen()
            if frame != lastFrame || wakeup.resized {
                driver.write(ScreenEncoder.frame(frame, capabilities: capabilities))
                lastFrame = frame
            }
            if !keys.isEmpty { log?.note("key", TimingLog.now() - arrived) }
        }
    }
}

/// Appends timings to a file, one `NAME NANOSECONDS` line each.
final class TimingLog {
    private let handle: FileHandle

    init?(path: String) {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    func note(_ name: String, _ value: UInt64) {
        handle.write(Data("\(name) \(value)\n".utf8))
    }

    /// Nanoseconds since the Unix epoch (the clock a shell's `date +%s%N` reads).
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

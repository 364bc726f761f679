import Foundation
import ReaderFeeds

// Parsing throughput of the feed parser, for Benchmarks/feeds.sh: every file given (directories
// are walked for .xml and .json files) is read into memory once, then all are parsed with
// FeedParser.parse, in rounds, until at least a second has passed. Prints
// "files bytes seconds-per-round MB/s items MB-per-CPU-second" on one line (the last counts the
// process's CPU time over the same rounds, which a loaded machine disturbs less than wall time).
// With --dump, prints every feed as parsed instead; with --per-file, each file's parse time (the
// median of 21), most expensive first, to see where a corpus's time goes.
var paths: [String] = []
for argument in CommandLine.arguments.dropFirst() {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else { continue }
    if isDirectory.boolValue, let walker = FileManager.default.enumerator(atPath: argument) {
        for case let relative as String in walker where relative.hasSuffix(".xml") || relative.hasSuffix(".json") {
            paths.append(argument + "/" + relative)
        }
    } else {
        paths.append(argument)
    }
}
let inputs = paths.sorted().compactMap { path in FileManager.default.contents(atPath: path).map { (path, [UInt8]($0)) } }
if CommandLine.arguments.contains("--dump") {
    // Every feed as parsed, file by file (to check that a change of speed left the output unchanged).
    for (path, data) in inputs {
        print(path)
        do { print(String(reflecting: try FeedParser.parse(data, name: path))) } catch { print("error:", error) }
    }
    exit(0)
}
if CommandLine.arguments.contains("--per-file") {
    var rows: [(Double, Int, String)] = []
    for (path, data) in inputs {
        var times: [Double] = []
        for _ in 0..<21 {
            let start = Date()
            _ = try? FeedParser.parse(data, name: path)
            times.append(Date().timeIntervalSince(start))
        }
        rows.append((times.sorted()[10], data.count, path))
    }
    let total = rows.reduce(0) { $0 + $1.0 }
    for (time, size, path) in rows.sorted(by: { $0.0 > $1.0 }) {
        print(String(format: "%8.1f µs %5.2f%% %7d B  %@", time * 1e6, time / total * 100, size, path))
    }
    print(String(format: "total %.1f ms", total * 1e3))
    exit(0)
}
let bytes = inputs.reduce(0) { $0 + $1.1.count }
var rounds = 0
var items = 0
let start = Date()
let cpuStart = clock()
repeat {
    items = 0
    for (path, data) in inputs {
        if let feed = try? FeedParser.parse(data, name: path) { items += feed.entries.count }
    }
    rounds += 1
} while Date().timeIntervalSince(start) < 1 || rounds < 2
let perRound = Date().timeIntervalSince(start) / Double(rounds)
let cpuPerRound = Double(clock() - cpuStart) / Double(CLOCKS_PER_SEC) / Double(rounds)
print(String(format: "%d %d %.4f %.2f %d %.2f", inputs.count, bytes, perRound, Double(bytes) / perRound / 1_000_000, items,
             Double(bytes) / cpuPerRound / 1_000_000))

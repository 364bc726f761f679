import Foundation
import ReaderTestSupport
import Testing

/// feedparser's own suite, translated: every file of the folders the feed backend supports is
/// parsed, and the Python expression in its `Expect:` comment is evaluated over our model seen
/// through feedparser's keys (``FeedparserView``). Each folder must keep at least the passes it
/// has now, so a regression fails; `FEEDPARSER_REPORT=path` writes every case's outcome there.
@Suite("feedparser's test suite", .enabled(if: TestLocation.feedparserSuiteAvailable, "../shared/corpus-web/feedparser is absent"))
struct FeedparserSuiteTests {
    /// Folder, and the passes it must keep (of the cases with an `Expect:` comment).
    static let floors: [(folder: String, floor: Int)] = [
        ("wellformed/rss", 167), ("wellformed/atom", 156), ("wellformed/atom10", 237), ("wellformed/rdf", 12),
        ("wellformed/base", 120), ("wellformed/amp", 67), ("entities", 252), ("encoding", 73), ("wellformed/itunes", 44),
        ("wellformed/media-rss", 11), ("wellformed/lang", 65), ("wellformed/sanitize", 728), ("illformed", 8),
    ]

    @Test("each supported folder passes at least its floor", arguments: floors.map(\.folder))
    func folder(_ folder: String) throws {
        let directory = TestLocation.feedparserSuite.appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "xml" }.sorted { $0.path < $1.path }
        var passed = 0, failed: [String] = [], unsupported: [String] = []
        var report = ""
        for file in files {
            guard let testCase = try FeedparserCase(url: file) else { continue }
            let outcome = testCase.run()
            switch outcome {
            case .passed: passed += 1
            case .failed(let why): failed.append(file.lastPathComponent + ": " + why)
            case .unsupported(let why): unsupported.append(file.lastPathComponent + ": " + why)
            }
            report += "\(folder)/\(file.lastPathComponent)\t\(outcome)\t\(testCase.expectation)\n"
        }
        let total = passed + failed.count + unsupported.count
        print("feedparser \(folder): \(passed)/\(total) pass, \(failed.count) fail, \(unsupported.count) unsupported")
        if let path = ProcessInfo.processInfo.environment["FEEDPARSER_REPORT"] {
            let url = URL(fileURLWithPath: path).appendingPathComponent(folder.replacingOccurrences(of: "/", with: "_") + ".tsv")
            try report.write(to: url, atomically: true, encoding: .utf8)
        }
        let floor = try #require(Self.floors.first { $0.folder == folder }?.floor)
        #expect(passed >= floor, "\(folder): \(passed) pass, the floor is \(floor); failures: \(failed.prefix(20))")
        #expect(total > 0)
    }
}

import Foundation
import ReaderCore
import ReaderTestSupport
import ReaderWeb

// Measures article extraction on Mozilla Readability's test pages: word-shingle F1 of our text
// against `expected.html`, agreement with `expected-metadata.json`, and time per page.
// Usage: WebExtractionBenchmark [corpus-dir] [--table] [--repeat N]

let arguments = CommandLine.arguments.dropFirst()
let corpus = arguments.first { !$0.hasPrefix("--") }.map { URL(fileURLWithPath: $0) }
    ?? TestLocation.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus-web/readability")
let printsTable = arguments.contains("--table")
let repeats = arguments.firstIndex(of: "--repeat").flatMap { Int(arguments[arguments.index(after: $0)]) } ?? 0

let report = try ReadabilityCorpusReport.measure(corpus: corpus)
if printsTable { print(report.markdownTable) }
if arguments.contains("--differences") {
    for page in report.pages {
        for (field, pair) in page.differences.sorted(by: { $0.key < $1.key }) {
            print("\(page.name)\t\(field)\tours: \(pair.ours ?? "nil")\ttheirs: \(pair.theirs ?? "nil")")
        }
    }
}
print(report.summary)

if repeats > 0 {
    let pages = try ReadabilityCorpusReport.pageDirectories(corpus).map { try [UInt8](Data(contentsOf: $0.appendingPathComponent("source.html"))) }
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats {
        for page in pages { _ = try WebArticle.read(page, name: "source.html") }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(String(format: "speed: %d pages in %.2f s: %.1f pages/s", pages.count * repeats, seconds, Double(pages.count * repeats) / seconds))
}

import Foundation
import ReaderCore
import ReaderWeb

// Article extraction on Mozilla Readability's test pages.
//   WebExtractionBenchmark [CORPUS] [--table] [--differences]   word-shingle F1 against expected.html, metadata agreement
//   WebExtractionBenchmark [CORPUS] --speed-only [--repeat N]    only reads and extracts every page N times (for timing)
//   WebExtractionBenchmark [CORPUS] --whole-page                  the F1 of the whole page, unextracted (a baseline)
//   WebExtractionBenchmark [CORPUS] --dump                        everything WebArticle.read returns, page by page
//                                                                 (to check that a change of speed left the output unchanged)

let arguments = Array(CommandLine.arguments.dropFirst())
let corpus = arguments.first { !$0.hasPrefix("--") && Int($0) == nil }.map { URL(fileURLWithPath: $0) }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus-web/readability")
let repeats = arguments.firstIndex(of: "--repeat").flatMap { Int(arguments[$0 + 1]) } ?? 1

if arguments.contains("--dump") {
    for directory in try ReadabilityCorpusReport.pageDirectories(corpus) {
        for extracts in [true, false] {
            let article = try WebArticle.read(path: directory.appendingPathComponent("source.html").path, extractsArticle: extracts)
            print(directory.lastPathComponent, extracts ? "article" : "whole page")
            print(String(reflecting: article))
        }
    }
    exit(0)
}

if arguments.contains("--speed-only") {
    let directories = try ReadabilityCorpusReport.pageDirectories(corpus)
    var characters = 0
    for _ in 0..<repeats {
        for directory in directories {
            let article = try WebArticle.read(path: directory.appendingPathComponent("source.html").path)
            characters += article.articleText.count
        }
    }
    print("\(directories.count * repeats) pages, \(characters) characters of article text")
    exit(0)
}

let report = try ReadabilityCorpusReport.measure(corpus: corpus, extractsArticle: !arguments.contains("--whole-page"))
if arguments.contains("--table") { print(report.markdownTable) }
if arguments.contains("--differences") {
    for page in report.pages {
        for (field, pair) in page.differences.sorted(by: { $0.key < $1.key }) {
            print("\(page.name)\t\(field)\tours: \(pair.ours ?? "nil")\ttheirs: \(pair.theirs ?? "nil")")
        }
    }
}
print(report.summary)

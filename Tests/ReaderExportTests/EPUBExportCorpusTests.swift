import Foundation
import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// The round trip over every file of the shared corpus that opens, measured when asked
/// (`READER_EXPORT_CORPUS=1 swift test --filter EPUBExportCorpusTests`): it takes minutes, so the
/// default suite keeps to the TestBooks; `scripts/export-corpus-check.sh` runs epubcheck on the
/// same exports.
@Suite("EPUB export: the shared corpus", .enabled(if: ProcessInfo.processInfo.environment["READER_EXPORT_CORPUS"] == "1"))
struct EPUBExportCorpusTests {
    static let files: [String] = {
        guard let text = try? String(contentsOf: TestLocation.corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { $0.split(separator: "\t").first.map(String.init) }
    }()

    @Test("every corpus file that opens exports with its words, its TOC titles and Locators that re-anchor")
    func corpus() throws {
        var trials = 0, hits = 0, baselineHits = 0, exported = 0, sameWords = 0, sameTOC = 0
        for file in Self.files {
            let path = TestLocation.corpus.appendingPathComponent(file).path
            guard (try? ReaderEngine.standard.open(path: path)) != nil else { continue }
            try withTemporaryDirectory(prefix: "export-corpus") { folder in
                let book: ExportedBook
                do { book = try ExportedBook(path: path, into: folder) } catch {
                    Issue.record("\(file): \(error)")
                    return
                }
                exported += 1
                let export = try book.openExport()
                let sourceWords = try ExportedBook.words(of: book.source)
                let exportWords = try ExportedBook.words(of: export)
                let sourceTitles = ExportedBook.titles(try book.source.tableOfContents()).map(Self.collapsed)
                let exportTitles = ExportedBook.titles(try export.tableOfContents()).map(Self.collapsed)
                let tocSame = sourceTitles.isEmpty ? exportTitles.count == 1 : sourceTitles == exportTitles
                if sourceWords == exportWords { sameWords += 1 }
                if tocSame { sameTOC += 1 }
                let seed = file.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
                let measured = try ReanchoringMeasurement(from: book.source, into: export, count: 200, seed: seed)
                // The same Locators re-anchored into the source itself: Locators in blocks of a word or
                // two carry too little context to be placed anywhere, which is no fault of the export.
                let baseline = try ReanchoringMeasurement(from: book.source, into: book.source, count: 200, seed: seed)
                trials += measured.trials
                hits += measured.hits
                baselineHits += baseline.hits
                #expect(measured.wrong.isEmpty, "\(file): \(measured.wrong.prefix(3))")
                print("export corpus \(file): words \(sourceWords.count) → \(exportWords.count)\(sourceWords == exportWords ? " same" : " DIFFER"), "
                    + "TOC \(sourceTitles.count) → \(exportTitles.count)\(tocSame ? " same" : " DIFFER"), re-anchoring \(measured) (into the source itself: \(baseline.hits))")
                #expect(sourceWords == exportWords, "\(file)")
                #expect(tocSame, "\(file): \(sourceTitles.prefix(8)) against \(exportTitles.prefix(8))")
            }
        }
        print("export corpus: \(exported) files exported, \(sameWords) with the same words, \(sameTOC) with the same TOC titles, "
            + "re-anchoring \(hits)/\(trials), into the sources themselves \(baselineHits)/\(trials)")
        #expect(Double(hits) >= 0.99 * Double(baselineHits), "\(hits) against \(baselineHits) of \(trials)")
    }

    private static func collapsed(_ title: String) -> String {
        title.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}

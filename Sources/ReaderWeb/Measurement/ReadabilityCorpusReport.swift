import Foundation
import ReaderXML

/// Extraction measured over a folder of Readability test pages (`NAME/source.html`,
/// `expected.html`, `expected-metadata.json`): ``ShingleScore`` per page, and agreement of the
/// metadata Readability reports (title, byline, excerpt, site name, language).
package struct ReadabilityCorpusReport: Sendable {
    /// One page's figures.
    package struct Page: Sendable {
        package var name: String
        package var score: ShingleScore
        /// Each metadata field compared, and whether ours agrees.
        package var agreement: [String: Bool]
        /// The fields that differ: ours, then theirs.
        package var differences: [String: (ours: String?, theirs: String?)]
    }

    package var pages: [Page]

    /// The metadata fields compared.
    package static let fields = ["title", "byline", "excerpt", "siteName", "lang"]

    /// The page folders of a corpus, by name.
    package static func pageDirectories(_ corpus: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: corpus, includingPropertiesForKeys: nil)
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent("source.html").path) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// Extracts every page of the corpus (or, with `extractsArticle` false, keeps it whole) and compares.
    package static func measure(corpus: URL, extractsArticle: Bool = true) throws -> ReadabilityCorpusReport {
        var pages: [Page] = []
        for directory in try pageDirectories(corpus) {
            let source = try [UInt8](Data(contentsOf: directory.appendingPathComponent("source.html")))
            let expected = try [UInt8](Data(contentsOf: directory.appendingPathComponent("expected.html")))
            let article = try WebArticle.read(source, name: "source.html", extractsArticle: extractsArticle)
            let score = ShingleScore(extracted: article.articleText, expected: ShingleScore.text(ofHTML: expected))
            var agreement: [String: Bool] = [:]
            var differences: [String: (String?, String?)] = [:]
            let metadataURL = directory.appendingPathComponent("expected-metadata.json")
            if let data = try? Data(contentsOf: metadataURL),
               let json = try JSONSerialization.jsonObject(with: data) as? [String: Any] {
                let ours: [String: String?] = ["title": article.metadata.title, "byline": article.metadata.byline,
                                               "excerpt": article.metadata.excerpt, "siteName": article.metadata.siteName,
                                               "lang": article.metadata.language]
                for field in fields {
                    guard json.keys.contains(field) else { continue }
                    let theirs = (json[field] as? String).map { $0.collapsingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
                    let mine = ours[field]!.map { $0.collapsingSpaces() }.flatMap { $0.isEmpty ? nil : $0 }
                    agreement[field] = mine == theirs
                    if mine != theirs { differences[field] = (mine, theirs) }
                }
            }
            pages.append(Page(name: directory.lastPathComponent, score: score, agreement: agreement, differences: differences))
        }
        return ReadabilityCorpusReport(pages: pages)
    }

    /// Mean precision, recall and F1 over the pages.
    package var means: (precision: Double, recall: Double, f1: Double) {
        let count = Double(max(pages.count, 1))
        return (pages.map(\.score.precision).reduce(0, +) / count, pages.map(\.score.recall).reduce(0, +) / count,
                pages.map(\.score.f1).reduce(0, +) / count)
    }

    /// The median F1.
    package var medianF1: Double {
        let sorted = pages.map(\.score.f1).sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// The share of pages whose field agrees with Readability's, among pages that state it.
    package func agreementRate(_ field: String) -> Double {
        let judged = pages.compactMap { $0.agreement[field] }
        return judged.isEmpty ? 0 : Double(judged.filter { $0 }.count) / Double(judged.count)
    }

    /// How many pages reach an F1 of at least `floor`.
    package func pagesReaching(_ floor: Double) -> Int {
        pages.filter { $0.score.f1 >= floor }.count
    }

    /// A few lines: pages, mean P/R/F1, median, pages ≥ 0.9, metadata agreement.
    package var summary: String {
        let (p, r, f) = means
        var lines = [String(format: "pages: %d  mean precision %.3f  recall %.3f  F1 %.3f  median F1 %.3f  F1>=0.90: %d  F1>=0.95: %d",
                            pages.count, p, r, f, medianF1, pagesReaching(0.9), pagesReaching(0.95))]
        lines.append("metadata agreement: " + Self.fields.map { String(format: "%@ %.3f", $0, agreementRate($0)) }.joined(separator: "  "))
        return lines.joined(separator: "\n")
    }

    /// One row per page: name, P, R, F1, and the metadata fields that differ.
    package var markdownTable: String {
        var lines = ["| page | precision | recall | F1 | metadata that differs |", "|---|---:|---:|---:|---|"]
        for page in pages {
            let differing = Self.fields.filter { page.agreement[$0] == false }.joined(separator: ", ")
            lines.append(String(format: "| %@ | %.3f | %.3f | %.3f | %@ |", page.name, page.score.precision, page.score.recall,
                                page.score.f1, differing))
        }
        return lines.joined(separator: "\n")
    }
}

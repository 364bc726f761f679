import Foundation
import ReaderTestSupport

/// Where the repository, its TestBooks and the shared corpus are, found from this file's path.
enum TestPaths {
    /// The repository root.
    static let repository = TestLocation.packageRoot.path

    /// `TestBooks/` in the repository.
    static let testBooks = repository + "/TestBooks"

    /// The golden files of this test target.
    static let golden = repository + "/Tests/ReaderEngineTests/Golden"

    /// `../shared/corpus` beside the repository.
    static let corpus = TestLocation.corpus.path

    /// Whether the shared corpus is present.
    static let corpusAvailable = TestLocation.corpusAvailable

    /// The TestBooks used by golden and property tests, relative to `TestBooks/`.
    static let books = [
        "txt/lighthouse-keeper.txt",
        "txt/lighthouse-keeper.utf16le.txt",
        "txt/moon-garden.zh.txt",
        "txt/moon-garden.gb18030.txt",
        "txt/winter-road.ru.txt",
        "txt/winter-road.cp1251.txt",
        "md/field-notes.md",
        "md/plain-readme.md",
        "md/cjk-notes.md",
        "md/malformed-front-matter.md",
        "epub/lighthouse-keeper.epub",
        "epub/moon-garden.epub",
        "epub/winter-road-fixed.epub",
        "pdf/harbour-lights.pdf",
        "pdf/two-columns.pdf",
        "pdf/scanned-page.pdf",
        "mobi/lighthouse-keeper.mobi",
        "mobi/lighthouse-keeper.azw3",
        "mobi/moon-garden-both.mobi",
    ]
}

/// One row of the corpus MANIFEST.tsv.
struct ManifestRow: CustomStringConvertible, Sendable {
    var path: String
    var format: String
    var expectedEncoding: String

    var description: String { path }

    /// The rows of MANIFEST.tsv, or none when the corpus is absent.
    static func load() -> [ManifestRow] {
        guard let text = try? String(contentsOfFile: TestPaths.corpus + "/MANIFEST.tsv", encoding: .utf8) else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 8 else { return nil }
            return ManifestRow(path: fields[0], format: fields[1], expectedEncoding: fields[7])
        }
    }
}

import Foundation
import ReaderCore
import ReaderEngine
import Testing

/// Every MOBI and AZW3 book of the shared corpus against what calibre made of it.
@Suite("MOBI corpus")
struct MOBICorpusTests {
    static let rows = ManifestRow.load().filter { $0.format == "mobi" || $0.format == "azw3" }
    static let opening = rows.filter { !$0.path.contains("/drm/") }

    static func open(_ row: ManifestRow) throws -> any Document {
        try ReaderEngine.standard.open(path: TestPaths.corpus + "/" + row.path)
    }

    @Test("the corpus has MOBI and AZW3 books")
    func corpusHasBooks() throws {
        try #require(TestPaths.corpusAvailable)
        #expect(Self.rows.count >= 13)
    }

    /// Each book opens as the format MANIFEST gives and paginates; the DRM one is refused.
    @Test(arguments: rows)
    func opensOrIsRefused(row: ManifestRow) throws {
        guard !row.path.contains("/drm/") else {
            let error = #expect(throws: ReaderError.self) { try Self.open(row) }
            #expect(error?.kind == .encrypted)
            #expect(error?.reason.contains("DRM-protected") == true)
            return
        }
        let document = try Self.open(row)
        #expect(document.format.rawValue == row.format)
        // Every combined corpus file has a sound KF8 part, so none falls back to MOBI 6.
        #expect(!document.metadata.warnings.contains { $0.contains("KF8 part is broken") }, "\(document.metadata.warnings)")
        let count = try Paginator(document: document, viewport: .standard).pageCount()
        #expect(count >= 1)
    }

    /// Title, authors and language equal `ebook-meta`'s (calibre prints three-letter languages).
    @Test(arguments: opening)
    func metadataMatchesCalibre(row: ManifestRow) throws {
        let metadata = try Self.open(row).metadata
        let reference = CalibreReference(samplePath: row.path)
        #expect(metadata.title == reference.title, "\(row.path)")
        // calibre shows an author written as "Unknown" as having none.
        #expect(metadata.authors.filter { $0 != "Unknown" } == reference.authors, "\(row.path)")
        if let language = reference.metadataFields["Languages"] {
            #expect(metadata.language.map(Self.threeLetter) == Self.threeLetter(language), "\(row.path)")
        }
    }

    /// Our text against calibre's `ebook-convert x.mobi x.txt`, word by word: at least 98% of
    /// calibre's words matched, after excusing ruby readings (`<rt>`), which we leave out as for
    /// EPUB and calibre prints after their base text.
    @Test(arguments: opening)
    func textAgreesWithCalibre(row: ManifestRow) throws {
        let calibreReference = CalibreReference(samplePath: row.path)
        if calibreReference.isCompressed, CalibreReference.xzPath == nil {
            try Test.cancel("\(row.path): calibre's text is stored as calibre.txt.xz and xz is not installed")
        }
        let reference = WordAgreement.words(of: try calibreReference.text())
        let document = try Self.open(row)
        let text = try document.readingOrder.indices.flatMap { try document.content(ofSection: $0).blocks.map(\.text) }
            .joined(separator: "\n")
        let agreement = WordAgreement(reference: reference, candidate: WordAgreement.words(of: text))
        var ruby = Dictionary(WordAgreement.words(of: try Self.rubyText(row)).map { ($0, 1) }, uniquingKeysWith: +)
        var excused = 0
        for (word, matched) in zip(reference, agreement.matchedFlags) where !matched {
            if let count = ruby[word], count > 0 {
                ruby[word] = count - 1
                excused += 1
            }
        }
        let ratio = Double(agreement.matched) / Double(max(1, reference.count - excused))
        print(String(format: "agreement %@: %.2f%% of %d calibre words (%.2f%% before excusing %d ruby; ours %d)",
                     row.path, 100 * ratio, reference.count, 100 * agreement.ratio, excused, agreement.candidateCount))
        #expect(!agreement.gaveUp)
        #expect(ratio >= 0.98, "\(row.path): \(agreement.matched) of \(reference.count - excused) calibre words matched")
    }

    /// The text of every `<rt>` element in the book's decoded markup (libmobi's `mobitool -d`
    /// output in the corpus reference; our decoder gives the same bytes, see ReaderMOBITests).
    private static func rubyText(_ row: ManifestRow) throws -> String {
        let rawML = TestPaths.corpus + "/reference/" + row.path + "/mobitool-d.rawml"
        guard let markup = try? String(contentsOfFile: rawML, encoding: .utf8) else { return "" }
        var text = ""
        var rest = markup[...]
        while let open = rest.range(of: "<rt"), let close = rest[open.upperBound...].range(of: "</rt>") {
            let inside = rest[open.upperBound..<close.lowerBound]
            if let end = inside.firstIndex(of: ">") { text += inside[inside.index(after: end)...] + " " }
            rest = rest[close.upperBound...]
        }
        return text
    }

    private static func threeLetter(_ code: String) -> String {
        let primary = code.split(separator: "-").first.map { $0.lowercased() } ?? code
        let table = ["en": "eng", "ja": "jpn", "ar": "ara", "fr": "fra", "de": "deu", "zh": "zho", "sa": "san",
                     "pl": "pol", "es": "spa", "it": "ita", "ru": "rus"]
        return table[primary] ?? primary
    }
}

import Foundation
import ReaderCore
@testable import ReaderEPUB
import ReaderEngine
import ReaderTestSupport
import Testing

/// Every EPUB of the shared corpus against calibre's reference output: it opens (or fails as its
/// MANIFEST note predicts) and paginates, its title and authors match `ebook-meta`, and its text
/// agrees with `ebook-convert book.epub book.txt` on at least 98% of calibre's words. Differences
/// that are decided choices are listed, with reasons, in ``EPUBCorpusExpectations``.
///
/// ReaderEPUB is imported `@testable` for what the Document protocol does not expose: the spine
/// index and bytes of each section (``EPUBBookText``) and the warnings of a converted section.
@Suite(.enabled(if: TestPaths.corpusAvailable, "shared corpus not found at ../shared/corpus: corpus tests skipped"))
struct EPUBCorpusTests {
    /// The EPUB rows of MANIFEST.tsv (broken ones included).
    static let rows = ManifestRow.load().filter { $0.format.hasPrefix("epub") }
    /// The rows expected to open.
    static let opening = rows.filter {
        if case .fails = EPUBCorpusExpectations.malformed[$0.path]?.opening { return false }
        return true
    }

    /// Opens a corpus book through the engine, as the EPUB backend's document.
    static func open(_ row: ManifestRow) throws -> EPUBDocument {
        let document = try ReaderEngine.standard.open(path: TestPaths.corpus + "/" + row.path)
        return try #require(document as? EPUBDocument)
    }

    /// The expectation tables and the manifest stay in step.
    @Test func corpusHasEPUBsAndEveryMalformedOneHasAnExpectation() {
        #expect(Self.rows.count >= 20)
        let malformed = Set(Self.rows.map(\.path).filter { $0.hasPrefix("epub/malformed/") })
        #expect(malformed == Set(EPUBCorpusExpectations.malformed.keys))
        let paths = Set(Self.rows.map(\.path))
        for listed in Array(EPUBCorpusExpectations.titles.keys) + Array(EPUBCorpusExpectations.text.keys) {
            #expect(paths.contains(listed), "\(listed) is not in MANIFEST.tsv")
        }
    }

    /// A truncated archive whose package document was lost: the content documents left read in
    /// archive order, each whole one word for word as in the intact book.
    @Test func truncatedBookWithoutItsPackageReadsWhatIsLeft() throws {
        let cut = try ReaderEngine.standard.open(path: TestPaths.corpus + "/epub/malformed/pg11_alice_truncated.epub")
        let intact = try ReaderEngine.standard.open(path: TestPaths.corpus + "/epub/pg11_alice_epub2.epub")
        defer { cut.close(); intact.close() }
        #expect(cut.warnings.contains { $0.code == .damagedContent && $0.message.contains("content documents left") })
        func words(_ document: any Document, _ index: Int) throws -> [Substring] {
            try document.content(ofSection: index).blocks.map(\.text).joined(separator: " ").split(whereSeparator: \.isWhitespace)
        }
        let intactIndex = Dictionary(intact.readingOrder.map { ($0.href, $0.index) }, uniquingKeysWith: { first, _ in first })
        var compared = 0
        // The last document left was cut too (its local header lies near the end): not compared.
        for section in cut.readingOrder.dropLast() {
            let index = try #require(intactIndex[section.href], "\(section.href) is in the intact book")
            #expect(try words(cut, section.index) == (try words(intact, index)), "\(section.href)")
            compared += 1
        }
        #expect(compared == 4)
        #expect(cut.readingOrder.map(\.href) == cut.readingOrder.map(\.href).sorted { intactIndex[$0]! < intactIndex[$1]! },
                "archive order is the reading order here")
    }

    /// Each book opens and paginates at 80×24; a broken one does what its row of
    /// ``EPUBCorpusExpectations/malformed`` says.
    @Test(arguments: rows)
    func opensOrFailsAsPredictedAndPaginates(row: ManifestRow) throws {
        let path = TestPaths.corpus + "/" + row.path
        let expected = EPUBCorpusExpectations.malformed[row.path]?.opening
        if case .fails(let kind) = expected {
            let error = readerError { _ = try ReaderEngine.standard.open(path: path) }
            #expect(error?.kind == kind, "\(row.path): \(String(describing: error))")
            return
        }
        let document = try Self.open(row)
        let warnings = document.metadata.warnings
        switch expected {
        case .opensWithWarning(let text):
            #expect(warnings.contains { $0.contains(text) }, "\(row.path): warnings \(warnings)")
        case .opensReadingContentAsHTML:
            let sectionWarnings = try document.sections.indices.flatMap { try document.htmlBook.section($0).warnings.map(\.message) }
            #expect(sectionWarnings.contains { $0.contains("read as HTML") }, "\(row.path): \(sectionWarnings)")
        case .fails, nil:
            break
        }
        let paginator = Paginator(document: document, viewport: .standard)
        let count = try paginator.pageCount()
        #expect(count >= 1)
        let last = try paginator.page(count)
        #expect(last.lines.count <= Viewport.standard.rows)
        print("open \(row.path): \(document.readingOrder.count) sections, \(count) pages at 80x24, warnings \(warnings)")
    }

    /// Title and authors equal `ebook-meta`'s, except where ``EPUBCorpusExpectations/titles``
    /// says why they differ.
    @Test(arguments: opening)
    func titleAndAuthorsMatchCalibre(row: ManifestRow) throws {
        let document = try Self.open(row)
        let reference = CalibreReference(samplePath: row.path)
        let calibreTitle = try #require(reference.title)
        let metadata = document.metadata
        switch EPUBCorpusExpectations.titles[row.path]?.rule {
        case .mainTitleWhereCalibreAppendsSubtitle:
            let subtitle = try #require(metadata.fields["subtitle"])
            #expect("\(metadata.title ?? ""): \(subtitle)" == calibreTitle)
        case .fromPackage(let title):
            #expect(metadata.title == title)
            #expect(calibreTitle != title, "calibre now agrees: drop the exception for \(row.path)")
        case .fileName:
            #expect(metadata.title == (row.path as NSString).lastPathComponent)
        case nil:
            #expect(metadata.title == calibreTitle)
        }
        #expect(metadata.authors == reference.authors, "\(row.path)")
    }

    /// Our text (spine order) against calibre's, word by word: at least 98% of calibre's words are
    /// matched, after excusing those inside content we deliberately do not show (``EPUBBookText``).
    /// The figures are printed, before and after that excuse.
    @Test(arguments: opening)
    func textAgreesWithCalibre(row: ManifestRow) throws {
        let calibreReference = CalibreReference(samplePath: row.path)
        if calibreReference.isCompressed, CalibreReference.xzPath == nil {
            try Test.cancel("\(row.path): calibre's text is stored as calibre.txt.xz and xz is not installed")
        }
        let reference = WordAgreement.words(of: try calibreReference.text())
        let document = try Self.open(row)
        if EPUBCorpusExpectations.text[row.path] != nil {
            #expect(reference.isEmpty)
            let blocks = try document.readingOrder.indices.flatMap { try document.content(ofSection: $0).blocks }
            #expect(blocks.allSatisfy { if case .image = $0.kind { true } else { false } }, "\(row.path)")
            return
        }
        let book = try EPUBBookText(document)
        let start = ContinuousClock.now
        let agreement = WordAgreement(reference: reference, candidate: WordAgreement.words(of: book.shown))
        var unshown = Dictionary(WordAgreement.words(of: book.unshown).map { ($0, 1) }, uniquingKeysWith: +)
        var excused = 0
        for (word, matched) in zip(reference, agreement.matchedFlags) where !matched {
            if let count = unshown[word], count > 0 {
                unshown[word] = count - 1
                excused += 1
            }
        }
        let compared = reference.count - excused
        let ratio = compared == 0 ? 1 : Double(agreement.matched) / Double(compared)
        print(String(format: "agreement %@: %.2f%% of %d calibre words (%.2f%% before excusing %d unshown; ours %d words; aligned in %@)",
                     row.path, 100 * ratio, reference.count, 100 * agreement.ratio, excused, agreement.candidateCount,
                     "\(ContinuousClock.now - start)"))
        #expect(!agreement.gaveUp, "\(row.path): the alignment ran out of budget")
        #expect(ratio >= 0.98, "\(row.path): \(agreement.matched) of \(compared) calibre words matched")
    }

    /// Every section start and 50 seeded random positions of each book round-trip through their
    /// Locators, by the rule ``CFIRoundTrip`` states.
    @Test(arguments: opening)
    func cfisRoundTrip(row: ManifestRow) throws {
        try CFIRoundTrip.check(try Self.open(row), name: row.path, seed: CFIRoundTrip.seed(row.path))
    }
}

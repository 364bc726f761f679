import Foundation
import ReaderTestSupport
@testable import ReaderWeb
import Testing

/// Where Mozilla Readability's test pages are (`../shared/corpus-web/readability`).
enum ReadabilityCorpus {
    static let folder = TestLocation.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus-web/readability")
    static var available: Bool { FileManager.default.fileExists(atPath: folder.appendingPathComponent("001/source.html").path) }
    static func pages() throws -> [URL] { try ReadabilityCorpusReport.pageDirectories(folder) }
}

/// Extraction quality on Readability's own test pages, against the floors reached (docs/extraction.md
/// has the full table): a change that extracts worse fails here.
@Suite(.enabled(if: ReadabilityCorpus.available)) struct ExtractionQualityTests {
    @Test func extractionAndMetadataStayAboveTheirFloors() throws {
        let report = try ReadabilityCorpusReport.measure(corpus: ReadabilityCorpus.folder)
        #expect(report.pages.count >= 130)
        let means = report.means
        #expect(means.f1 >= ExtractionFloors.meanF1, "mean F1 \(means.f1)")
        #expect(means.precision >= ExtractionFloors.meanPrecision, "mean precision \(means.precision)")
        #expect(means.recall >= ExtractionFloors.meanRecall, "mean recall \(means.recall)")
        #expect(report.pagesReaching(0.9) >= ExtractionFloors.pagesAtF1Of90, "pages at F1 ≥ 0.9: \(report.pagesReaching(0.9))")
        for (field, floor) in ExtractionFloors.metadataAgreement {
            #expect(report.agreementRate(field) >= floor, "\(field) agreement \(report.agreementRate(field))")
        }
    }

    @Test func shingleScoreCountsSharedWordRuns() {
        let same = ShingleScore(extracted: "one two three four five", expected: "One, two; three four five.")
        #expect(same.precision == 1 && same.recall == 1)
        let half = ShingleScore(extracted: "a b c d e f g", expected: "a b c d x y z")
        #expect(half.precision == 0.25 && half.recall == 0.25)
        let none = ShingleScore(extracted: "", expected: "a b c d")
        #expect(none.f1 == 0)
    }
}

/// The figures this build reaches, rounded down (see docs/extraction.md).
enum ExtractionFloors {
    static let meanF1 = 0.99
    static let meanPrecision = 0.99
    static let meanRecall = 0.99
    static let pagesAtF1Of90 = 128
    static let metadataAgreement: [String: Double] = ["title": 0.93, "byline": 0.88, "excerpt": 0.95, "siteName": 0.98, "lang": 0.98]
}

import Foundation
import ReaderCore
import ReaderEngine
import ReaderExport
import ReaderTestSupport
import Testing

/// Issue 20's round trip: the export, opened again, has the source's words and TOC titles, and
/// Locators of the source re-anchor into it.
@Suite("EPUB export: round trip")
struct EPUBExportRoundTripTests {
    @Test("the export has the same words, in the same order, as the source", arguments: ExportedBook.testBooks)
    func words(book: String) throws {
        try withTemporaryDirectory(prefix: "export-words") { folder in
            let exported = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent(book).path, into: folder)
            let source = try ExportedBook.words(of: exported.source)
            let export = try ExportedBook.words(of: try exported.openExport())
            let firstDifference = zip(source, export).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(source == export, """
                \(book): \(source.count) words in the source, \(export.count) in the export; first difference at word \
                \(firstDifference.map(String.init) ?? "end"): \
                \(firstDifference.map { Array(source[max(0, $0 - 3)..<min(source.count, $0 + 5)]) } ?? []) against \
                \(firstDifference.map { Array(export[max(0, $0 - 3)..<min(export.count, $0 + 5)]) } ?? [])
                """)
        }
    }

    @Test("the export's table of contents has the source's titles in order", arguments: ExportedBook.testBooks)
    func tableOfContents(book: String) throws {
        try withTemporaryDirectory(prefix: "export-toc") { folder in
            let exported = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent(book).path, into: folder)
            let source = ExportedBook.titles(try exported.source.tableOfContents()).map(Self.collapsed)
            let export = ExportedBook.titles(try exported.openExport().tableOfContents()).map(Self.collapsed)
            if source.isEmpty {
                #expect(export == [Self.collapsed(exported.source.metadata.title ?? "")] || export.count == 1, "\(export)")
            } else {
                #expect(source == export)
            }
        }
    }

    @Test("a MOBI 6 book's contents page links to its chapters in the export (filepos targets in other parts)")
    func mobi6LinksLeadToTheirChapters() throws {
        try withTemporaryDirectory(prefix: "export-mobi6-links") { folder in
            let path = TestLocation.corpus.appendingPathComponent("mobi/calibre/pg11_alice_mobi6-old.mobi").path
            let export = try ExportedBook(path: path, into: folder).openExport()
            var followed: [String] = []
            for section in export.readingOrder {
                for block in try export.content(ofSection: section.index).blocks {
                    for run in block.runs {
                        guard case .link(.resource(let href, let fragment)) = run.style else { continue }
                        let label = String(decoding: Array(block.text.utf16)[run.range], as: UTF16.self)
                        guard label.hasPrefix("CHAPTER") else { continue }
                        let target = try #require(export.readingOrder.first { $0.href == href || $0.href.hasSuffix("/" + href) })
                        let locator = Locator(href: target.href, type: target.mediaType,
                                              locations: .init(fragments: fragment.map { [$0] }, progression: 0))
                        let position = try export.textPosition(for: locator)
                        let landing = try export.content(ofSection: position.section).blocks[position.block].text
                        #expect(landing.hasPrefix(label.components(separatedBy: ".")[0] + "."), "\(label) led to \(landing.prefix(40))")
                        followed.append(label)
                    }
                }
            }
            // Twelve from the contents page, twelve from the contents list the converter added.
            #expect(followed.count == 24)
        }
    }

    /// Refusals come from Locators in one- or two-word blocks (headings such as "Notes"), whose
    /// context is too short for the re-anchoring's confidence of 0.5 whatever the target; a "wrong"
    /// one from a sampled position inside a surrogate pair, which the export's words cannot show.
    @Test("Locators at 200 random points of each source re-anchor into its export (≥ 99% over all, ≥ 97.5% each)")
    func reanchoring() throws {
        var trials = 0, hits = 0
        for book in ExportedBook.testBooks {
            try withTemporaryDirectory(prefix: "export-anchor") { folder in
                let exported = try ExportedBook(path: TestLocation.testBooks.appendingPathComponent(book).path, into: folder)
                let seed = book.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
                let measured = try ReanchoringMeasurement(from: exported.source, into: try exported.openExport(), count: 200, seed: seed)
                print("export re-anchoring \(book): \(measured)")
                #expect(measured.trials == 200)
                #expect(measured.hitRate >= 0.975, "\(book): \(measured)\n\(measured.wrong.prefix(5).joined(separator: "\n"))")
                trials += measured.trials
                hits += measured.hits
            }
        }
        print("export re-anchoring, all TestBooks: \(hits)/\(trials)")
        #expect(Double(hits) >= 0.99 * Double(trials), "\(hits)/\(trials)")
    }

    private static func collapsed(_ title: String) -> String {
        title.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
    }
}

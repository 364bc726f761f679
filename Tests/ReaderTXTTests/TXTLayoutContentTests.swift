import Foundation
import ReaderCore
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// Laying a large text file out without placing its sections in the whole file: page 3 with an
/// estimated total, and a page deep in the file, decode only the sections they show or sample.
@Suite struct TXTLayoutContentTests {
    /// Sections this small cut a 2 MiB file into about 64 sections, as 1 MiB ones cut a 64 MiB file.
    static let sectionSize = 32 << 10

    @Test("page 3 and its estimated total decode a few sections of 64; the estimate is within 10% and the same every time")
    func estimateDecodesOnlyItsSamples() throws {
        try withTemporaryDirectory(prefix: "reader-txt-layout") { directory in
            let path = try Self.writeLargeFile(in: directory)
            let viewport = try Viewport(columns: 80, rows: 24)
            let txt = try Self.open(path)
            #expect(txt.readingOrder.count >= 50)
            let paginator = Paginator(document: txt, viewport: viewport)
            _ = try paginator.page(3)
            let estimate = try paginator.estimatedPageCount()
            #expect(!estimate.isExact)
            // Section 0, which holds page 3 (nothing is read ahead of one page shown), and the four
            // samples (the 30th to 90th percentiles of size), each laid out to its own end; not
            // the sections before the samples, 90% of the file, nor the section after each.
            #expect(txt.sectionsDecoded <= 5, "decoded \(txt.sectionsDecoded) of \(txt.readingOrder.count) sections")
            #expect(try paginator.estimatedPageCount() == estimate)

            let again = try Self.open(path)
            let another = Paginator(document: again, viewport: viewport)
            _ = try another.page(3)
            #expect(try another.estimatedPageCount() == estimate, "the same estimate in another session")

            let exact = try paginator.pageCount()
            #expect(abs(Double(estimate.value - exact)) <= 0.1 * Double(exact), "~\(estimate.value) for \(exact) pages")
        }
    }

    @Test("a page deep in the file is laid out from its own section, as after reading all before it, with the same Locator")
    func deepPageWithoutTheSectionsBefore() throws {
        try withTemporaryDirectory(prefix: "reader-txt-layout") { directory in
            let path = try Self.writeLargeFile(in: directory)
            let viewport = try Viewport(columns: 80, rows: 24)
            let whole = try Self.open(path)
            let counted = Paginator(document: whole, viewport: viewport)
            let number = try counted.pageCount() * 3 / 4
            let expected = try counted.page(number)
            let expectedLocator = try whole.locator(at: expected.start)

            let txt = try Self.open(path)
            let paginator = Paginator(document: txt, viewport: viewport, cachedIndex: counted.index)
            let page = try paginator.page(number)
            #expect(page == expected)
            #expect(page.start.section > 40)
            // Section 0 (built at opening), the page's section or two, and the one read ahead.
            #expect(txt.sectionsDecoded <= 4, "decoded \(txt.sectionsDecoded) sections for one page")
            // A Locator needs the global offset: now the sections before are decoded (for their lengths).
            #expect(try txt.locator(at: page.start) == expectedLocator)
            #expect(try txt.textPosition(for: expectedLocator) == page.start)
            #expect(try txt.content(ofSection: page.start.section) == whole.content(ofSection: page.start.section))
        }
    }

    /// Writes about 2 MiB of varied paragraphs (``TXTDocumentTests/largeText(targetBytes:)``).
    static func writeLargeFile(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("large.txt").path
        try TXTDocumentTests.largeText(targetBytes: 2 << 20).0.write(to: URL(fileURLWithPath: path))
        return path
    }

    static func open(_ path: String) throws -> TXTDocument {
        try TXTDocument(path: path, options: .init(), capabilities: TXTBackend().capabilities(for: .txt),
                        sectionSize: sectionSize)
    }
}

import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// poppler's complaints about damaged files become warnings of the document that caused them.
@Suite("Poppler: messages and threads")
struct PopplerMessagesTests {
    /// A built document whose first content stream claims more bytes than it has, so poppler
    /// misses its `endstream` and reads the objects after it as page content.
    static var wrongStreamLength: [UInt8] {
        let text = String(decoding: PDFFixture.document(pages: 2), as: UTF8.self)
        let length = text.range(of: "/Length ")!
        let end = text[length.upperBound...].firstIndex(of: " ")!
        return Array((String(text[..<length.upperBound]) + "999" + String(text[end...])).utf8)
    }

    @Test func damagedPageLeavesWarnings() throws {
        try withTemporaryDirectory(prefix: "reader-pdf-messages") { directory in
            let damaged = try PopplerDocument.open(path: PDFFixture.write(Self.wrongStreamLength, named: "d.pdf", in: directory),
                                                   password: nil)
            #expect(damaged.pageCount == 2)
            #expect(try damaged.pageText(1).text.contains("Page"))
            #expect(damaged.warnings.contains("Syntax error at position -1: Missing 'endstream' or incorrect stream length"))
            #expect(Set(damaged.warnings).count == damaged.warnings.count, "each message once")
            let clean = try PopplerDocument.open(path: PDFFixture.write(PDFFixture.document(pages: 2), named: "c.pdf", in: directory),
                                                 password: nil)
            _ = try clean.pageText(1)
            #expect(clean.warnings.isEmpty, "messages go to the document that caused them")
        }
    }

    @Test("many threads reading one document, and others opening documents, at once")
    func concurrentUse() throws {
        try withTemporaryDirectory(prefix: "reader-pdf-threads") { directory in
            let path = try PDFFixture.write(PDFFixture.document(pages: 8), named: "eight.pdf", in: directory)
            let damagedPath = try PDFFixture.write(Self.wrongStreamLength, named: "damaged.pdf", in: directory)
            let shared = try PopplerDocument.open(path: path, password: nil)
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                for round in 0..<10 {
                    let page = (worker + round) % 8 + 1
                    #expect((try? shared.pageText(page))?.text == "Page \(page)")
                    let own = try? PopplerDocument.open(path: worker.isMultiple(of: 2) ? path : damagedPath, password: nil)
                    #expect((try? own?.pageText(1))?.text.contains("Page") == true)
                    #expect(own?.warnings.isEmpty == worker.isMultiple(of: 2))
                    _ = own?.outline()
                }
            }
            #expect(shared.warnings.isEmpty)
        }
    }
}

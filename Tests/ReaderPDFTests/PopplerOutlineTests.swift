import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// Outlines: titles, nesting and target pages against mutool, and hostile outlines built in code.
@Suite("Poppler: outline")
struct PopplerOutlineTests {
    /// The outline flattened in document order, with depths, like mutool prints it.
    static func flatten(_ items: [PDFOutlineItem], depth: Int = 1) -> [PDFCorpus.OutlineLine] {
        items.flatMap { [PDFCorpus.OutlineLine(depth: depth, title: $0.title, page: $0.pageNumber)] + flatten($0.children, depth: depth + 1) }
    }

    @Test("titles, nesting and pages as mutool shows them", .enabled(if: TestLocation.corpusAvailable),
          arguments: ["nested_outline.pdf", "pdflatex-outline.pdf"])
    func matchesMutool(name: String) throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path(name), password: nil)
        let expected = PDFCorpus.mutoolOutline(name)
        #expect(expected.count >= 9)
        #expect(Self.flatten(document.outline()) == expected)
    }

    @Test("nested_outline: three chapters of two sections", .enabled(if: TestLocation.corpusAvailable))
    func nested() throws {
        let outline = try PopplerDocument.open(path: PDFCorpus.path("nested_outline.pdf"), password: nil).outline()
        #expect(outline.map(\.title) == ["1. Introduction", "2. Main Content", "3. Conclusion"])
        #expect(outline.map { $0.children.count } == [2, 2, 2])
        #expect(outline[2].children[1] == PDFOutlineItem(title: "3.2 Future Work", pageNumber: 9, namedDestination: nil, children: []))
    }

    @Test("pdflatex-outline: hyperref entries use named destinations", .enabled(if: TestLocation.corpusAvailable))
    func named() throws {
        let outline = try PopplerDocument.open(path: PDFCorpus.path("pdflatex-outline.pdf"), password: nil).outline()
        #expect(outline.allSatisfy { $0.namedDestination != nil })
    }

    @Test("named, direct, remote, URI and dangling destinations")
    func destinations() throws {
        let first = PDFFixture.firstExtraObject(pages: 3)
        let root = first, items = (first + 1)...(first + 5)
        let titles = ["Named", "Direct", "Remote", "Web", "Nowhere"]
        let targets = [
            "/Dest /chapter2",
            "/Dest [\(PDFFixture.pageObject(3)) 0 R /Fit]",
            "/A << /S /GoToR /F (other.pdf) /D [0 /Fit] >>",
            "/A << /S /URI /URI (https://example.org/) >>",
            "/Dest [2 0 R /Fit]",
        ]
        var objects = ["<< /Type /Outlines /First \(items.lowerBound) 0 R /Last \(items.upperBound) 0 R /Count 5 >>"]
        for (offset, number) in items.enumerated() {
            var links = "/Parent \(root) 0 R"
            if number > items.lowerBound { links += " /Prev \(number - 1) 0 R" }
            if number < items.upperBound { links += " /Next \(number + 1) 0 R" }
            objects.append("<< /Title (  \(titles[offset])\n) \(links) \(targets[offset]) >>")
        }
        let bytes = PDFFixture.document(
            pages: 3, catalogExtra: "/Outlines \(root) 0 R /Dests << /chapter2 [\(PDFFixture.pageObject(2)) 0 R /Fit] >>",
            extraObjects: objects)
        try withTemporaryDirectory(prefix: "reader-pdf-outline") { directory in
            let document = try PopplerDocument.open(path: PDFFixture.write(bytes, named: "outline.pdf", in: directory), password: nil)
            let outline = document.outline()
            #expect(outline.map(\.title) == titles, "titles trimmed")
            #expect(outline.map(\.pageNumber) == [2, 3, nil, nil, nil])
            #expect(outline[0].namedDestination == "chapter2")
            #expect(outline[1].namedDestination == nil)
        }
    }

    @Test("an entry that is its own child stops at the depth cap")
    func selfNested() throws {
        let first = PDFFixture.firstExtraObject(pages: 1)
        let objects = [
            "<< /Type /Outlines /First \(first + 1) 0 R /Last \(first + 1) 0 R /Count 1 >>",
            "<< /Title (Again) /Parent \(first) 0 R /First \(first + 1) 0 R /Last \(first + 1) 0 R /Count 1 /Dest [3 0 R /Fit] >>",
        ]
        let bytes = PDFFixture.document(pages: 1, catalogExtra: "/Outlines \(first) 0 R", extraObjects: objects)
        try withTemporaryDirectory(prefix: "reader-pdf-outline") { directory in
            let document = try PopplerDocument.open(path: PDFFixture.write(bytes, named: "loop.pdf", in: directory), password: nil)
            let lines = Self.flatten(document.outline())
            #expect(lines.count <= PopplerDocument.maxOutlineDepth)
            #expect(lines.allSatisfy { $0.title == "Again" && $0.page == 1 })
        }
    }

    @Test("siblings that loop end")
    func siblingLoop() throws {
        let first = PDFFixture.firstExtraObject(pages: 1)
        let objects = [
            "<< /Type /Outlines /First \(first + 1) 0 R /Last \(first + 2) 0 R /Count 2 >>",
            "<< /Title (A) /Parent \(first) 0 R /Next \(first + 2) 0 R /Dest [3 0 R /Fit] >>",
            "<< /Title (B) /Parent \(first) 0 R /Next \(first + 1) 0 R /Dest [3 0 R /Fit] >>",
        ]
        let bytes = PDFFixture.document(pages: 1, catalogExtra: "/Outlines \(first) 0 R", extraObjects: objects)
        try withTemporaryDirectory(prefix: "reader-pdf-outline") { directory in
            let document = try PopplerDocument.open(path: PDFFixture.write(bytes, named: "siblings.pdf", in: directory), password: nil)
            let outline = document.outline()
            #expect(outline.count <= PopplerDocument.maxOutlineItems)
            #expect(outline.prefix(2).map(\.title) == ["A", "B"])
        }
    }
}

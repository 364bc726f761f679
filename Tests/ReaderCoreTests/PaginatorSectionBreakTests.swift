import ReaderCore
import Testing

/// Sections that start a new page (EPUB spine items) end the page before them; others flow on.
@Suite struct PaginatorSectionBreakTests {
    private func pages(startingNewPages: Bool) throws -> [Page] {
        let document = StubDocument(sections: [
            [StubDocument.block(0, lines: 2), StubDocument.block(1, lines: 1)],
            [StubDocument.block(2, lines: 2)],
            [StubDocument.block(3, lines: 12)],
        ], sectionsStartNewPages: startingNewPages)
        let paginator = Paginator(document: document, viewport: try Viewport(columns: 20, rows: 10))
        return try (1...paginator.pageCount()).map { try paginator.page($0) }
    }

    @Test func sectionsThatStartNewPagesBeginAPage() throws {
        let pages = try pages(startingNewPages: true)
        #expect(pages.map(\.start.section) == [0, 1, 2, 2])
        #expect(pages.allSatisfy { $0.start.block == 0 || $0.start.offset > 0 })
        #expect(pages[0].lines.filter { !$0.isEmpty }.count == 3)
    }

    @Test func otherSectionsFlowOnTheSamePage() throws {
        let pages = try pages(startingNewPages: false)
        #expect(pages.first?.start.section == 0)
        #expect(pages.count == 2)
        #expect(pages[1].start.section == 2)
    }
}

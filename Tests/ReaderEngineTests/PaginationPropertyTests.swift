import ReaderCore
import ReaderEngine
import ReaderTestSupport
import Testing

/// Properties that must hold for every TestBook on every viewport.
@Suite struct PaginationPropertyTests {
    /// Six viewports per book, drawn from a fixed seed.
    static let cases: [(String, Int, Int)] = {
        var random = SeededRandom(seed: 0x5EED_B00C)
        return TestPaths.books.flatMap { book in
            (0..<6).map { _ in (book, Int.random(in: 12...132, using: &random), Int.random(in: 4...48, using: &random)) }
        }
    }()

    @Test(arguments: cases)
    func locatorOfPageStartLeadsBackToThePage(book: String, columns: Int, rows: Int) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book)
        let paginator = Paginator(document: document, viewport: try Viewport(columns: columns, rows: rows))
        let count = try paginator.pageCount()
        var random = SeededRandom(seed: UInt64(columns * 1000 + rows))
        let samples = Set((0..<12).map { _ in Int.random(in: 1...count, using: &random) } + [1, count])
        for number in samples.sorted() {
            let page = try paginator.page(number)
            let json = try document.locator(at: page.start).jsonString()
            let decoded = try Locator(jsonString: json)
            let position = try document.textPosition(for: decoded)
            #expect(try paginator.pageNumber(containing: position) == number,
                    "\(book) \(columns)x\(rows): page \(number) start \(page.start) resolved to \(position)")
        }
    }

    @Test(arguments: cases)
    func pagesConcatenateToTheReflowedText(book: String, columns: Int, rows: Int) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book)
        let paginator = Paginator(document: document, viewport: try Viewport(columns: columns, rows: rows))
        var paged: [String] = []
        var pages = paginator.pages()
        while let page = pages.next() { paged.append(contentsOf: page.lines) }
        #expect(pages.error == nil)

        // The reflowed text, laid out block by block with no pages at all.
        var reflowed: [String] = []
        for section in document.readingOrder.indices {
            for block in try document.content(ofSection: section).blocks {
                reflowed.append(contentsOf: BlockLayout.lines(of: block, columns: columns).map(\.rendered))
            }
        }
        // Pages drop blank separator lines at their tops; content lines must match one for one.
        #expect(paged.filter { !$0.isEmpty } == reflowed.filter { !$0.isEmpty })
    }

    @Test(arguments: TestPaths.books)
    func paginationIsIdenticalAcrossRuns(book: String) throws {
        func run() throws -> (PageIndex, [[String]]) {
            let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book)
            let paginator = Paginator(document: document, viewport: try Viewport(columns: 57, rows: 19))
            let count = try paginator.pageCount()
            let pages = try [1, (count + 1) / 2, count].map { try paginator.page($0).lines }
            return (paginator.index, pages)
        }
        let first = try run(), second = try run()
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
    }

    @Test(arguments: TestPaths.books)
    func everyLineFitsTheViewport(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book)
        let viewport = try Viewport(columns: 40, rows: 12)
        let paginator = Paginator(document: document, viewport: viewport)
        var pages = paginator.pages()
        while let page = pages.next() {
            #expect(page.lines.count <= viewport.rows)
            #expect(page.lines.first != "", "page \(page.number) of \(book) starts with a blank line")
        }
    }
}

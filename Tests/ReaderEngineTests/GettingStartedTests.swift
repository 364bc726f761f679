import ReaderCore
import ReaderEngine
import Testing

/// The steps of the ReaderEngine DocC article "Getting started", as written there, on a TestBook.
@Suite struct GettingStartedTests {
    @Test("open, paginate, read a page, save a Locator and find its page again, fingerprint")
    func gettingStarted() throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/epub/lighthouse-keeper.epub")
        #expect(document.format == .epub)
        #expect(document.metadata.title != nil)

        let viewport = try Viewport(columns: 80, rows: 24)
        let paginator = Paginator(document: document, viewport: viewport)
        let page = try paginator.page(3)
        #expect(page.number == 3)
        #expect(!page.lines.isEmpty && page.lines.count <= 24)
        #expect("\(try paginator.estimatedPageCount())".contains(where: \.isNumber))

        let locator = try document.fingerprintedLocator(at: page.start)
        let json = locator.jsonString()
        let saved = try Locator(jsonString: json)
        let position = try document.resolve(saved)
        #expect(position == page.start)
        #expect(try paginator.pageNumber(containing: position) == 3)
        // On another viewport the Locator finds the page that holds it.
        let narrow = Paginator(document: document, viewport: try Viewport(columns: 40, rows: 12))
        #expect(try narrow.page(narrow.pageNumber(containing: position)).contains(position))

        let fingerprint = try document.fingerprint()
        #expect(fingerprint.description.hasPrefix("epub:"))
        #expect(saved.locations.fingerprint == fingerprint.description)
    }
}

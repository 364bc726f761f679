import ReaderCore
import ReaderEngine
import Testing

/// The Locator round trip of ``CFIRoundTrip`` on the EPUB TestBooks, so it runs without the
/// shared corpus: cover pages that are only a picture, image and text blocks at one offset.
@Suite struct EPUBTestBookRoundTripTests {
    @Test(arguments: TestPaths.books.filter { $0.hasPrefix("epub/") })
    func positionsRoundTripThroughLocators(book: String) throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/" + book)
        try CFIRoundTrip.check(document, name: book, seed: CFIRoundTrip.seed(book), randomCount: 200)
    }

    @Test func aCoverPageThatIsOnlyAPictureHasABodyCFIAndRoundTrips() throws {
        let document = try ReaderEngine.standard.open(path: TestPaths.testBooks + "/epub/lighthouse-keeper.epub")
        let cover = try document.content(ofSection: 0).blocks
        guard case .image = try #require(cover.first).kind else {
            Issue.record("the cover section starts with \(cover[0].kind)")
            return
        }
        let start = TextPosition(section: 0, block: 0, offset: 0)
        let locator = try document.locator(at: start)
        #expect(locator.locations.cfi == "/6/2!/4")
        #expect(try document.textPosition(for: locator) == start)
    }
}

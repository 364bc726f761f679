import Testing
@testable import ReaderPDF

@Suite struct PDFRectTests {
    @Test func unionHoldsBoth() {
        let a = PDFRect(x1: 10, y1: 20, x2: 30, y2: 40)
        let b = PDFRect(x1: 5, y1: 25, x2: 50, y2: 35)
        #expect(a.union(b) == PDFRect(x1: 5, y1: 20, x2: 50, y2: 40))
    }
}

import Testing
@testable import ReaderPDF

@Suite struct PageFurnitureTests {
    @Test(arguments: ["12", "- 12 -", "[12]", "xiv", "Page 12", "12 of 300", "12/300", "page 3 of 9"])
    func pageNumbers(_ text: String) {
        #expect(PageFurniture.isPageNumber(text))
    }

    @Test(arguments: ["12 boats", "Chapter 12", "1999 was a year", "", "the end"])
    func notPageNumbers(_ text: String) {
        #expect(!PageFurniture.isPageNumber(text))
    }

    @Test func keysIgnoreDigitsCaseAndSpacing() {
        #expect(PageFurniture.normalisedKey("Harbour  Lights   12") == PageFurniture.normalisedKey("harbour lights 134"))
    }

    private func page(_ number: Int, header: String?, headerSize: Double = 8, footer: String?,
                      body: [String]) -> [PageFurniture.Candidate] {
        var lines: [SyntheticPage.Line] = []
        if let header { lines.append(.init(x: 100, y: 20, size: headerSize, text: header)) }
        lines += SyntheticPage.column(top: 100, [body])
        if let footer { lines.append(.init(x: 200, y: 570, size: 8, text: footer)) }
        let text = SyntheticPage(number: number, lines: lines).pageText
        return PageFurniture.candidates(lines: text.lines(), pageHeight: text.height)
    }

    @Test func aRepeatedHeaderAndAPageNumberAreFurniture() {
        let pages = (1...3).map { page($0, header: "Harbour Lights · \($0 + 10)", footer: "\($0)", body: ["Body text."]) }
        let found = PageFurniture.furnitureLines(of: pages[1], neighbours: [pages[0], pages[2]])
        #expect(found == [0, 2])
    }

    @Test func aHeaderInTheSameSlotAndTypeIsFurnitureThoughItsTextChanges() {
        let pages = [
            page(1, header: "Chapter One", footer: nil, body: ["Text."]),
            page(2, header: "Chapter Two", footer: nil, body: ["Text."]),
        ]
        #expect(PageFurniture.furnitureLines(of: pages[1], neighbours: [pages[0]]) == [0])
    }

    @Test func aLoneTopLineInOtherTypeIsNotAHeader() {
        let pages = [
            page(1, header: "The Quay", footer: nil, body: ["Text."]),
            page(2, header: "A heading only this page has", headerSize: 18, footer: nil, body: ["Text."]),
        ]
        #expect(PageFurniture.furnitureLines(of: pages[1], neighbours: [pages[0]]).isEmpty)
    }

    @Test func bodyTextInTheMiddleIsNeverACandidate() {
        let text = SyntheticPage(lines: SyntheticPage.column(top: 300, [["12"]])).pageText
        #expect(PageFurniture.candidates(lines: text.lines(), pageHeight: text.height).isEmpty)
    }

    @Test func aPageNumberStandingApartAFifthOfThePageUpIsACandidate() {
        var lines = SyntheticPage.column(top: 100, [["Body text that runs", "down the page."]])
        lines.append(.init(x: 200, y: 480, text: "7"))
        let text = SyntheticPage(lines: lines).pageText
        let candidates = PageFurniture.candidates(lines: text.lines(), pageHeight: text.height)
        #expect(candidates.map(\.lineIndex) == [2])
        #expect(PageFurniture.furnitureLines(of: candidates, neighbours: []) == [2])
    }
}

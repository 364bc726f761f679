@testable import ReaderCore
import Testing

@Suite struct PageCountEstimateTests {
    private func sections(_ sizes: [Int?]) -> [Section] {
        sizes.enumerated().map { Section(index: $0.offset, href: "s\($0.offset)", mediaType: "text/plain", byteCount: $0.element) }
    }

    @Test func unmeasuredSectionsGetPagesInProportionToTheirSize() {
        // 10 pages for 1000 bytes measured; 3000 bytes left: 30 more.
        #expect(PageCount.estimate(measuredPages: 10, sections: sections([1000, 2000, 1000]), firstUnmeasured: 1) == 40)
        // A section without a size counts as the average of the others.
        #expect(PageCount.estimate(measuredPages: 10, sections: sections([1000, nil, 1000]), firstUnmeasured: 1) == 30)
        // Nothing measured yet: at least one page per section left.
        #expect(PageCount.estimate(measuredPages: 0, sections: sections([5, 5]), firstUnmeasured: 0) == 2)
    }

    @Test func printsEstimatesWithATilde() {
        #expect(PageCount(value: 12, isExact: false).description == "~12")
        #expect(PageCount(value: 12, isExact: true).description == "12")
    }
}

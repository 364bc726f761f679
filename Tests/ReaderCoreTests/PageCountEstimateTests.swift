@testable import ReaderCore
import Testing

@Suite struct PageCountEstimateTests {
    @Test func sampledSectionsAreTypicalNotTheExtremes() {
        // Sizes 1...10 in shuffled order: the 30th, 50th, 70th and 90th percentiles are sizes 4, 6, 8 and 10.
        let weights = [3, 10, 1, 6, 8, 2, 9, 4, 7, 5]
        #expect(PageCount.sampleSections(weights: weights) == [1, 3, 4, 7])
        #expect(PageCount.sampleSections(weights: [42]) == [0])
        #expect(PageCount.sampleSections(weights: []) == [])
    }

    @Test func otherSectionsGetPagesInProportionToTheirWeight() {
        // 12 pages for 3000 units sampled: 4 pages per 1000; 1000 and 2000 units left give 4 and 8.
        let estimate = PageCount.estimate(weights: [1000, 1500, 2000, 1500], sampledPages: [1: 6, 3: 6],
                                          startsNewPage: [true, true, true, true])
        #expect(estimate == 24)
        // A tiny section that starts a new page still takes one; one that runs on takes its share.
        #expect(PageCount.estimate(weights: [10, 1000], sampledPages: [1: 10], startsNewPage: [true, true]) == 11)
        #expect(PageCount.estimate(weights: [10, 1000], sampledPages: [1: 10], startsNewPage: [false, false]) == 10)
    }

    @Test func printsEstimatesWithATilde() {
        #expect(PageCount(value: 12, isExact: false).description == "~12")
        #expect(PageCount(value: 12, isExact: true).description == "12")
    }
}

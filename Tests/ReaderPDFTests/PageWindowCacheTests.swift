import Testing
@testable import ReaderPDF

@Suite struct PageWindowCacheTests {
    @Test func keepsEveryPageUntilTwiceTheCapacity() {
        var cache = PageWindowCache<String>(capacity: 4)
        for page in 1...8 { cache[page] = "p\(page)" }
        #expect((1...8).allSatisfy { cache[$0] == "p\($0)" })
    }

    @Test func aTrimKeepsThePagesNearestTheOneJustStored() {
        var cache = PageWindowCache<Int>(capacity: 4)
        for page in 1...9 { cache[page] = page * 10 }
        // The ninth page is past twice the capacity: 9 and the three pages before it stay.
        #expect((1...9).filter { cache[$0] != nil } == [6, 7, 8, 9])
        #expect(cache[7] == 70)
    }

    @Test func aLongPassHoldsABoundedWindow() {
        var cache = PageWindowCache<[Int]>(capacity: 64)
        for page in 1...10_000 {
            cache[page] = Array(repeating: page, count: 8)
            // What a reflow looks back to is still there.
            #expect(cache[max(1, page - 20)] != nil)
        }
        #expect((1...10_000).count { cache[$0] != nil } <= 128)
    }
}

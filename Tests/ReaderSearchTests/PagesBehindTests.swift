import ReaderCore
@testable import ReaderSearch
import Testing

/// ``PagesBehind`` lets a pass's pages go in batches of ``PagesBehind/batch`` bytes, each range
/// once, in order, never past where the pass has got to.
@Suite struct PagesBehindTests {
    /// The ranges a text was told to let go.
    final class Released {
        var ranges: [Range<Int>] = []
    }

    @Test("pages are let go a batch at a time, contiguously, never ahead of the pass")
    func batches() {
        let released = Released()
        let bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        let text = UTF8Text(bytes: bytes, sectionRanges: [], release: { released.ranges.append($0) })
        let batch = PagesBehind.batch
        var behind = PagesBehind(from: 1000)
        // Sections of a third of a batch: every third one completes a batch.
        var passed: [Int] = []
        for section in 1...12 {
            let offset = 1000 + section * batch / 3
            passed.append(offset)
            behind.pass(offset, in: text)
            if let last = released.ranges.last { #expect(last.upperBound <= offset) }
        }
        #expect(released.ranges.count == 4)
        #expect(released.ranges.first?.lowerBound == 1000)
        #expect(zip(released.ranges, released.ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(released.ranges.allSatisfy { $0.count >= batch })
        #expect(released.ranges.last?.upperBound == passed.last)
    }

    @Test("a short pass lets nothing go")
    func shortPass() {
        let released = Released()
        let text = UTF8Text(bytes: UnsafeBufferPointer(start: nil, count: 0), sectionRanges: [],
                            release: { released.ranges.append($0) })
        var behind = PagesBehind()
        behind.pass(PagesBehind.batch - 1, in: text)
        #expect(released.ranges.isEmpty)
    }
}

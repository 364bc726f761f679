import ReaderCore
import Testing

@Suite struct SourceMapTests {
    /// "Hello world": text 0..<5 from source 10, a joiner at 5, text 6..<11 from source 17.
    let map = SourceMap(runs: [.init(textStart: 0, sourceStart: 10, length: 5), .init(textStart: 6, sourceStart: 17, length: 5)])

    @Test func mapsInsideRunsLinearly() {
        #expect(map.sourceOffset(forTextOffset: 0) == 10)
        #expect(map.sourceOffset(forTextOffset: 4) == 14)
        #expect(map.sourceOffset(forTextOffset: 8) == 19)
        #expect(map.textOffset(forSourceOffset: 19) == 8)
    }

    @Test func gapsMapToTheEndOfThePreviousRun() {
        #expect(map.sourceOffset(forTextOffset: 5) == 15)
        #expect(map.textOffset(forSourceOffset: 16) == 6)
        #expect(map.textOffset(forSourceOffset: 0) == 0)
        #expect(map.textOffset(forSourceOffset: 99) == 11)
    }

    @Test func appendMergesContiguousRuns() {
        var built = SourceMap()
        built.append(textStart: 0, sourceStart: 0, length: 3)
        built.append(textStart: 3, sourceStart: 3, length: 2)
        built.append(textStart: 5, sourceStart: 9, length: 1)
        #expect(built.runs.count == 2)
        #expect(built.sourceRange == 0..<10)
    }
}

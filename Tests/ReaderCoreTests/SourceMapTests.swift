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

    @Test func sharedMapsMapAsTheirOwnArraysWould() {
        // Two blocks' runs in one array: "Hello world" (the map above) after a block of three runs.
        let first: [SourceMap.Run] = [.init(textStart: 0, sourceStart: 0, length: 2), .init(textStart: 3, sourceStart: 3, length: 2),
                                      .init(textStart: 6, sourceStart: 6, length: 1)]
        let shared = first + map.runs
        let sharing = SourceMap(sharing: shared[3...])
        #expect(sharing == map)
        #expect(sharing.hashValue == map.hashValue)
        #expect(sharing.runs == map.runs)
        #expect(Array(sharing.runSlice) == map.runs)
        #expect(SourceMap(sharing: shared[..<3]) == SourceMap(runs: first))
        for offset in -1...12 {
            #expect(sharing.sourceOffset(forTextOffset: offset) == map.sourceOffset(forTextOffset: offset))
        }
        for offset in 0...30 {
            #expect(sharing.textOffset(forSourceOffset: offset) == map.textOffset(forSourceOffset: offset))
        }
        #expect(sharing.sourceRange == map.sourceRange)
    }

    @Test func appendingToASharedMapLeavesTheOthersAlone() {
        let shared: [SourceMap.Run] = [.init(textStart: 0, sourceStart: 0, length: 2), .init(textStart: 0, sourceStart: 5, length: 3)]
        var first = SourceMap(sharing: shared[..<1])
        let second = SourceMap(sharing: shared[1...])
        first.append(textStart: 2, sourceStart: 2, length: 1)
        first.append(textStart: 4, sourceStart: 9, length: 1)
        #expect(first.runs == [.init(textStart: 0, sourceStart: 0, length: 3), .init(textStart: 4, sourceStart: 9, length: 1)])
        #expect(second.runs == [.init(textStart: 0, sourceStart: 5, length: 3)])
    }
}

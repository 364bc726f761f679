import ReaderCore
import Testing

/// The converted-section cache: the last few kept, or all once told to grow.
@Suite struct SectionCacheTests {
    /// A cache of strings that counts how often each key was made.
    private final class Counted: @unchecked Sendable {
        let cache: SectionCache<String>
        var made: [Int: Int] = [:]

        init(capacity: Int) { cache = SectionCache(capacity: capacity) }

        func read(_ keys: [Int]) throws {
            for key in keys {
                let value = try cache.value(for: key) { () throws(ReaderError) in
                    made[key, default: 0] += 1
                    return "section \(key)"
                }
                #expect(value == "section \(key)")
            }
        }
    }

    @Test("two kept: a walk through five sections twice makes each twice; grown to five, once")
    func growing() throws {
        let small = Counted(capacity: 2)
        try small.read(Array(0..<5) + Array(0..<5))
        #expect(small.made == [0: 2, 1: 2, 2: 2, 3: 2, 4: 2])

        let grown = Counted(capacity: 2)
        grown.cache.growCapacity(to: 5)
        #expect(grown.cache.capacity == 5)
        try grown.read(Array(0..<5) + Array(0..<5))
        #expect(grown.made == [0: 1, 1: 1, 2: 1, 3: 1, 4: 1])
        grown.cache.growCapacity(to: 3)
        #expect(grown.cache.capacity == 5, "growing never shrinks")
    }
}

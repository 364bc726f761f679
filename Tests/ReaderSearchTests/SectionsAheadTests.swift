import Foundation
@testable import ReaderSearch
import Synchronization
import Testing

/// Work handed out in order by ``SectionsAhead``: every section's value once, in order, whichever
/// of the two threads made it, never more than the look-ahead past the section asked for.
@Suite struct SectionsAheadTests {
    /// What the work saw: each section with the furthest section asked for when it ran.
    final class Record: Sendable {
        let runs = Mutex<[Int: Int]>([:])
        let asked = Mutex(0)
        let onWorker = Mutex(0)
    }

    @Test("every section once, in order, at most the look-ahead past the one asked for", arguments: [1, 2, 4])
    func inOrder(lookahead: Int) {
        let record = Record()
        let ahead = SectionsAhead<Int>(from: 0, sectionCount: 40, lookahead: lookahead) { section, onWorker in
            let asked = record.asked.withLock { $0 }
            record.runs.withLock { $0[section, default: 0] += 1 }
            if onWorker { record.onWorker.withLock { $0 += 1 } }
            #expect(section < asked + lookahead, "section \(section) made while \(asked) was asked for")
            // Long enough that the other thread gets a share.
            usleep(500)
            return section * section
        }
        for section in 0..<40 {
            record.asked.withLock { $0 = section }
            #expect(ahead.value(for: section) == section * section)
        }
        ahead.stop()
        #expect(record.runs.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<40).map { ($0, 1) }))
        // With a look-ahead of one, only the section asked for may be made: by the caller.
        if lookahead == 1 {
            #expect(record.onWorker.withLock { $0 } == 0)
        } else {
            #expect(record.onWorker.withLock { $0 } > 0, "the worker took some sections")
        }
    }

    @Test("starting partway, and stopping early, leave no section made twice")
    func partwayAndStopped() {
        let record = Record()
        let ahead = SectionsAhead<Int>(from: 5, sectionCount: 100) { section, _ in
            record.runs.withLock { $0[section, default: 0] += 1 }
            return section
        }
        for section in 5..<12 { #expect(ahead.value(for: section) == section) }
        ahead.stop()
        let runs = record.runs.withLock { $0 }
        #expect(runs.values.allSatisfy { $0 == 1 })
        #expect(runs.keys.allSatisfy { (5..<16).contains($0) }, "nothing made before the first or far past the last asked for")
    }
}

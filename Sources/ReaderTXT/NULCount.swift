import Foundation
import ReaderCore

/// The NUL characters of a section's text: never written in text on purpose, a run of them is a
/// block of the file zeroed by a damaged disk or an interrupted copy.
struct NULCount {
    var count = 0
    var longestRun = 0

    init() {}

    /// Counts the NULs of UTF-8 text (found with `memchr`).
    init(in text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        var offset = 0
        while offset < text.count, let found = memchr(base + offset, 0, text.count - offset) {
            var end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let start = end
            while end < text.count, text[end] == 0 { end += 1 }
            count += end - start
            longestRun = max(longestRun, end - start)
            offset = end
        }
    }

    /// A `damaged-content` warning when there are any.
    func warnings(section: Int) -> [DocumentWarning] {
        guard count > 0 else { return [] }
        return [DocumentWarning(
            .damagedContent,
            message: "\(count) NUL characters (the longest run \(longestRun)): a zeroed block, the file may be damaged",
            location: .init(section: section))]
    }
}

import ReaderCore

/// The pages of a text read in place that a pass in reading order has left behind, let go a few
/// megabytes at a time (``UTF8Text/release(_:)``), so a pass over a large file keeps little of it
/// resident. Not once per section: each release makes the kernel interrupt the other core to
/// forget the pages, which costs more than the scan of a small section.
struct PagesBehind {
    /// How many bytes to leave behind before letting them go.
    static let batch = 8 << 20
    /// The bytes before this offset have been let go (or were never read by this pass).
    private var releasedUpTo: Int

    /// A pass that starts at byte `start`.
    init(from start: Int = 0) {
        releasedUpTo = start
    }

    /// Says the pass will not read the bytes of `text` before `offset` again.
    mutating func pass(_ offset: Int, in text: UTF8Text) {
        guard offset - releasedUpTo >= Self.batch else { return }
        text.release(releasedUpTo..<offset)
        releasedUpTo = offset
    }
}

/// The start of every page computed so far for one document and viewport: what makes page N and
/// "page N of M" cheap, and what is cached between runs.
public struct PageIndex: Hashable, Sendable, Codable {
    /// Bumped whenever layout or page breaking changes, so stale caches are ignored.
    public static let layoutVersion = 3

    /// The viewport the pages were laid out for.
    public var viewport: Viewport
    /// The layout version the index was made with.
    public var layoutVersion: Int
    /// The start of page 1, 2, … in order.
    public var starts: [TextPosition]
    /// True once the last page is known, so `starts.count` is the page count.
    public var isComplete: Bool

    /// An empty index for a viewport.
    public init(viewport: Viewport) {
        self.viewport = viewport
        self.layoutVersion = Self.layoutVersion
        self.starts = [.start]
        self.isComplete = false
    }

    /// The 1-based number of the page holding `position`, if the index reaches that far.
    public func pageNumber(containing position: TextPosition) -> Int? {
        // The last start at or before the position.
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= position { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return 1 }
        if low == starts.count && !isComplete { return nil }
        return low
    }
}

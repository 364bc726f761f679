/// A number of pages, exact or estimated.
public struct PageCount: Hashable, Sendable, CustomStringConvertible {
    /// The number of pages.
    public var value: Int
    /// False when the number is an estimate.
    public var isExact: Bool

    /// Creates a page count.
    public init(value: Int, isExact: Bool) {
        self.value = value
        self.isExact = isExact
    }

    /// `123`, or `~123` for an estimate.
    public var description: String { isExact ? String(value) : "~\(value)" }

    /// Pages for a whole document, from the pages of its first sections: the sections from
    /// `firstUnmeasured` on get pages in proportion to their byte counts (sections without one
    /// count as the average of those with one).
    static func estimate(measuredPages: Int, sections: [Section], firstUnmeasured: Int) -> Int {
        let known = sections.compactMap(\.byteCount)
        let fallback = known.isEmpty ? 1 : max(1, known.reduce(0, +) / known.count)
        let weights = sections.map { max(1, $0.byteCount ?? fallback) }
        let measured = weights[..<firstUnmeasured].reduce(0, +)
        let unmeasured = weights[firstUnmeasured...].reduce(0, +)
        guard measured > 0 else { return measuredPages + sections.count - firstUnmeasured }
        let extra = (Double(measuredPages) * Double(unmeasured) / Double(measured)).rounded(.up)
        return measuredPages + max(1, Int(extra))
    }
}

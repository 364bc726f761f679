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

    /// The sections laid out whole to estimate a document's pages: those at the 30th, 50th, 70th
    /// and 90th percentiles of size among the sections (by `weights`), so the sample reads like a
    /// typical chapter rather than a cover, a title page or an appendix, and costs a few chapters'
    /// layout at most. Deterministic: the same sections for the same document.
    static func sampleSections(weights: [Int]) -> [Int] {
        guard !weights.isEmpty else { return [] }
        let bySize = weights.indices.sorted { weights[$0] != weights[$1] ? weights[$0] < weights[$1] : $0 < $1 }
        let picks = [0.3, 0.5, 0.7, 0.9].map { bySize[min(bySize.count - 1, Int(Double(bySize.count) * $0))] }
        var seen = Set<Int>()
        return picks.filter { seen.insert($0).inserted }.sorted()
    }

    /// Pages for a whole document: the sampled sections' own pages, and for every other section
    /// its weight times the sample's pages per unit of weight (at least one page for a section
    /// that starts a new page).
    static func estimate(weights: [Int], sampledPages: [Int: Int], startsNewPage: [Bool]) -> Int {
        let sampleWeight = sampledPages.keys.reduce(0) { $0 + weights[$1] }
        let samplePages = sampledPages.values.reduce(0, +)
        let perWeight = sampleWeight > 0 ? Double(samplePages) / Double(sampleWeight) : 0
        var total = 0.0
        for section in weights.indices {
            if let pages = sampledPages[section] {
                total += Double(pages)
            } else {
                let pages = Double(weights[section]) * perWeight
                total += startsNewPage.indices.contains(section) && startsNewPage[section] ? max(1, pages.rounded()) : pages
            }
        }
        return max(1, Int(total.rounded()))
    }
}

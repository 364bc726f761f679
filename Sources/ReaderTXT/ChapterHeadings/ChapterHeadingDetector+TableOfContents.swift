// MARK: - Tables of contents

extension ChapterHeadingDetector {
    /// A detected heading with the bookkeeping used to find tables of contents.
    struct Candidate {
        /// The heading as reported.
        var heading: Heading
        /// The heading line alone, for spotting a contents entry repeated as a real heading.
        var lineText: String
        /// Non-blank, non-heading lines between the previous heading and this one.
        var linesSincePrevious: Int
        /// A decimal section number's parts (`1.2.` → [1, 2]): a heading only if the text's
        /// numbered lines form an outline (see ``confirmOutline(_:)``).
        var outlineNumbers: [Int]? = nil
    }

    /// Drops tables of contents (see ``headings(in:)``).
    static func removingContents(_ candidates: [Candidate]) -> [Heading] {
        var keep = [Bool](repeating: true, count: candidates.count)
        var runStart = 0
        while runStart < candidates.count {
            var runEnd = runStart
            while runEnd + 1 < candidates.count, candidates[runEnd + 1].linesSincePrevious <= 2 { runEnd += 1 }
            let run = runStart...runEnd
            if hasThreeOfOneLevel(candidates[run]) {
                for index in runStart..<runEnd { keep[index] = false }
                let last = candidates[runEnd].lineText
                if candidates[(runEnd + 1)...].contains(where: { $0.lineText == last }) { keep[runEnd] = false }
            }
            runStart = runEnd + 1
        }
        var headings: [Heading] = []
        headings.reserveCapacity(candidates.count)
        for index in candidates.indices where keep[index] { headings.append(candidates[index].heading) }
        return headings
    }

    /// Whether at least three of `run` have one level (levels past 2 count as 2).
    private static func hasThreeOfOneLevel(_ run: ArraySlice<Candidate>) -> Bool {
        guard run.count >= 3 else { return false }
        var perLevel = (0, 0, 0)
        for index in run.indices {
            switch run[index].heading.level {
            case ..<1: perLevel.0 += 1
            case 1: perLevel.1 += 1
            default: perLevel.2 += 1
            }
        }
        return max(perLevel.0, perLevel.1, perLevel.2) >= 3
    }
}

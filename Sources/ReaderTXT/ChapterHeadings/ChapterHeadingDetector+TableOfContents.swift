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
        /// Whether the heading consists of keyword and number only (a title line may follow).
        var awaitsTitle: Bool
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
            var perLevel = [0, 0, 0]
            for index in run { perLevel[min(candidates[index].heading.level, 2)] += 1 }
            if perLevel.max()! >= 3 {
                for index in runStart..<runEnd { keep[index] = false }
                let last = candidates[runEnd].lineText
                if candidates[(runEnd + 1)...].contains(where: { $0.lineText == last }) { keep[runEnd] = false }
            }
            runStart = runEnd + 1
        }
        return candidates.indices.filter { keep[$0] }.map { candidates[$0].heading }
    }
}

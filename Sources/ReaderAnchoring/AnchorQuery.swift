import ReaderCore

/// A Locator's text context, normalised: the text before the position and the text from it on
/// (highlight, then after), each cut to what one ``BitParallelMatcher`` takes, nearest the position.
struct AnchorQuery {
    /// Before and rest, joined.
    let units: [UInt16]
    /// Where the position is in ``units``: the length of the before part.
    let anchor: Int

    /// The normalised context before the position.
    var before: ArraySlice<UInt16> { units[..<anchor] }
    /// The normalised context from the position on.
    var rest: ArraySlice<UInt16> { units[anchor...] }

    /// The length of ``units`` in letters' worth of information: a Han or kana character, which
    /// says about as much as a short word, counts twice.
    var informativeLength: Int {
        units.reduce(0) { total, unit in
            switch unit {
            case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: total + 2
            default: total + 1
            }
        }
    }

    /// The query of `context`, or nil when nothing of it is left after normalisation.
    init?(_ context: Locator.TextContext?, normalizer: inout TextNormalizer) {
        guard let context else { return nil }
        let before = context.before ?? ""
        var normalized = NormalizedText(tracksOffsets: true)
        normalizer.append(before + (context.highlight ?? "") + (context.after ?? ""), to: &normalized)
        normalized.trimTrailingSpace()
        guard !normalized.units.isEmpty, let offsets = normalized.sourceOffsets else { return nil }
        let joint = offsets.firstIndex { $0 >= before.utf16.count } ?? offsets.count
        let side = BitParallelMatcher.maximumPatternLength
        let kept = max(0, joint - side)..<min(offsets.count, joint + side)
        units = Array(normalized.units[kept])
        anchor = joint - kept.lowerBound
    }
}

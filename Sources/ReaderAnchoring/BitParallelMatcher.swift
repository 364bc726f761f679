/// Myers' bit-parallel edit distance (1999) for a pattern of at most 64 units, in its search form:
/// for every end position in a text, the fewest edits that turn the pattern into some substring
/// of the text ending there. One machine word holds a column of the dynamic-programming table, so
/// a text of length n costs O(n) word operations.
struct BitParallelMatcher {
    /// The longest pattern a matcher takes.
    static let maximumPatternLength = 64

    /// The pattern's length.
    let patternLength: Int
    private let equalities: PatternMasks

    /// A matcher for `pattern`, which must be at most ``maximumPatternLength`` units long.
    init<Pattern: Collection<UInt16>>(pattern: Pattern) {
        precondition(pattern.count <= Self.maximumPatternLength, "pattern longer than one machine word")
        patternLength = pattern.count
        equalities = PatternMasks(pattern)
    }

    /// `scores[i]`: the least edit distance between the pattern and a substring of `text` that
    /// ends after `i` of the units visited; `scores[0]` is the pattern's length (nothing visited).
    /// Units are visited from `range.lowerBound` up, or, when `backwards`, from `range.upperBound - 1`
    /// down (the substrings then start where the visit stopped, for a pattern given reversed).
    func scores(in text: [UInt16], range: Range<Int>, backwards: Bool = false) -> [Int] {
        var scores = [Int](repeating: patternLength, count: range.count + 1)
        guard patternLength > 0 else { return scores }
        let last: UInt64 = 1 << UInt64(patternLength - 1)
        var positive: UInt64 = ~0
        var negative: UInt64 = 0
        var score = patternLength
        for step in 0..<range.count {
            let unit = text[backwards ? range.upperBound - 1 - step : range.lowerBound + step]
            let equal = equalities.mask(for: unit)
            let vertical = equal | negative
            let horizontal = (((equal & positive) &+ positive) ^ positive) | equal
            var horizontalPositive = negative | ~(horizontal | positive)
            var horizontalNegative = positive & horizontal
            if horizontalPositive & last != 0 {
                score += 1
            } else if horizontalNegative & last != 0 {
                score -= 1
            }
            // A search: the top row of the table is all zeros, so nothing is carried into bit 0.
            horizontalPositive <<= 1
            horizontalNegative <<= 1
            positive = horizontalNegative | ~(vertical | horizontalPositive)
            negative = horizontalPositive & vertical
            scores[step + 1] = score
        }
        return scores
    }
}

/// For each unit of a pattern, the bit mask of the places it holds, in a small open-addressing table.
private struct PatternMasks {
    private var keys: [UInt32]
    private var masks: [UInt64]
    private let slotMask: Int

    init<Pattern: Collection<UInt16>>(_ pattern: Pattern) {
        let slots = 128  // twice the most distinct units a 64-unit pattern has
        slotMask = slots - 1
        keys = [UInt32](repeating: 0, count: slots)
        masks = [UInt64](repeating: 0, count: slots)
        for (place, unit) in pattern.enumerated() {
            let slot = slotIndex(for: unit)
            keys[slot] = UInt32(unit) + 1
            masks[slot] |= 1 << UInt64(place)
        }
    }

    func mask(for unit: UInt16) -> UInt64 {
        masks[slotIndex(for: unit)]
    }

    /// The slot holding `unit`, or the empty slot where it would go.
    private func slotIndex(for unit: UInt16) -> Int {
        var slot = Int(unit &* 0x9E37) & slotMask
        while keys[slot] != 0, keys[slot] != UInt32(unit) + 1 {
            slot = (slot + 1) & slotMask
        }
        return slot
    }
}

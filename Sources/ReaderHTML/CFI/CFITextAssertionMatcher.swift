/// Checks a text location assertion (`:3[yyy,0123]`, EPUB CFI 1.1 § 3.1.8) against source text
/// and finds the nearest place where it holds.
///
/// As the specification asks, text is compared with white space collapsed (each run of white
/// space becomes one space) and across element boundaries (the source text is already the
/// concatenation of the runs). Search is linear (Knuth–Morris–Pratt): first near the location,
/// then, when that fails, through the whole document.
struct CFITextAssertionMatcher {
    /// The collapsed text before, then the collapsed text after (each side capped).
    private let pattern: [UInt16]
    /// Where the location falls in `pattern`: after the text before.
    private let split: Int

    /// The most UTF-16 units of each side that are compared.
    static let maximumSideLength = 512

    init(before: String, after: String) {
        let beforeUnits = Self.collapsed(Array(before.utf16).suffix(Self.maximumSideLength))
        var afterUnits = Self.collapsed(Array(after.utf16).prefix(Self.maximumSideLength))
        if beforeUnits.last == Self.space, afterUnits.first == Self.space { afterUnits.removeFirst() }
        pattern = beforeUnits + afterUnits
        split = beforeUnits.count
    }

    /// The source offset nearest `offset` where the assertion holds, and whether it held in
    /// place, was found elsewhere (corrected) or nowhere (failed, with `offset` unchanged).
    func locate(near offset: Int, sourceLength: Int,
                text: (Range<Int>) -> String) -> (Int, CFIResolution.AssertionCheck) {
        guard !pattern.isEmpty else { return (offset, .unchecked) }
        let margin = 4_096 + 2 * pattern.count
        let whole = 0..<max(0, sourceLength)
        let near = max(0, offset - margin)..<max(max(0, offset - margin), min(sourceLength, offset + margin))
        for window in near == whole ? [whole] : [near, whole] {
            if let found = nearestMatch(in: window, to: offset, text: text) {
                return (found, found == offset ? .held : .corrected)
            }
        }
        return (offset, .failed)
    }

    private func nearestMatch(in window: Range<Int>, to offset: Int, text: (Range<Int>) -> String) -> Int? {
        var units: [UInt16] = []
        var offsets: [Int] = []
        var sourceOffset = window.lowerBound
        var inSpace = false
        for unit in text(window).utf16 {
            if Self.isSpace(unit) {
                if !inSpace {
                    units.append(Self.space)
                    offsets.append(sourceOffset)
                }
                inSpace = true
            } else {
                units.append(unit)
                offsets.append(sourceOffset)
                inSpace = false
            }
            sourceOffset += 1
        }
        var best: Int?
        for start in matches(in: units) {
            let index = start + split
            let candidate = index < offsets.count ? offsets[index] : sourceOffset
            if best.map({ abs(candidate - offset) < abs($0 - offset) }) ?? true { best = candidate }
        }
        return best
    }

    /// The start of every occurrence of `pattern` in `text` (Knuth–Morris–Pratt).
    private func matches(in text: [UInt16]) -> [Int] {
        var failure = [Int](repeating: 0, count: pattern.count)
        var length = 0
        for index in pattern.indices.dropFirst() {
            while length > 0 && pattern[index] != pattern[length] { length = failure[length - 1] }
            if pattern[index] == pattern[length] { length += 1 }
            failure[index] = length
        }
        var starts: [Int] = []
        var matched = 0
        for (index, unit) in text.enumerated() {
            while matched > 0 && unit != pattern[matched] { matched = failure[matched - 1] }
            if unit == pattern[matched] { matched += 1 }
            if matched == pattern.count {
                starts.append(index + 1 - pattern.count)
                matched = failure[matched - 1]
            }
        }
        return starts
    }

    private static let space: UInt16 = 0x20

    private static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0D || unit == 0x0C
    }

    private static func collapsed<Units: Collection<UInt16>>(_ units: Units) -> [UInt16] {
        var result: [UInt16] = []
        for unit in units {
            if isSpace(unit) {
                if result.last != space { result.append(space) }
            } else {
                result.append(unit)
            }
        }
        return result
    }
}

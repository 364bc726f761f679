/// The stretch of text around a point kept as a Locator's context: at most `length` UTF-16 units
/// on each side, its ends moved in to word boundaries.
public enum ContextWindow {
    /// The units `lower..<upper` around `point` (`lower <= point <= upper`): each end at most
    /// `length` units away, moved in to just past a space when the cut would fall inside a word
    /// and the side holds a space to cut at, and never between the halves of a surrogate pair.
    public static func around(_ point: Int, in units: [UInt16], length: Int) -> Range<Int> {
        var lower = max(0, point - length)
        if lower > 0, !isBreak(units[lower - 1]), !isBreak(units[lower]),
           let space = units[lower..<point].firstIndex(where: isBreak) {
            lower = space + 1
        }
        if lower < point, isLowSurrogate(units[lower]) { lower += 1 }
        var upper = min(units.count, point + length)
        if upper < units.count, !isBreak(units[upper]), !isBreak(units[upper - 1]),
           let space = units[point..<upper].lastIndex(where: isBreak), space > point {
            upper = space
        }
        if upper > point, upper < units.count, isLowSurrogate(units[upper]) { upper -= 1 }
        return lower..<upper
    }

    /// Spaces, and CJK characters, after or before which a word may end.
    private static func isBreak(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20, 0x09, 0x0A, 0xA0, 0x3000: true
        case 0x2E80...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFF00...0xFFEF: true
        default: false
        }
    }

    private static func isLowSurrogate(_ unit: UInt16) -> Bool { (0xDC00...0xDFFF).contains(unit) }
}

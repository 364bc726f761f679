/// How many terminal cells a Unicode scalar or a grapheme cluster takes.
///
/// East Asian Wide (W) and Fullwidth (F) characters and emoji take two cells; combining marks,
/// format characters, variation selectors, conjoining jamo and controls take none; everything
/// else takes one. Ambiguous-width characters (box drawing, bullets) count as one.
public enum CellWidth {
    /// The cells `scalar` takes on its own.
    @inline(__always)
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }
        return ofNonLatin(scalar)
    }

    /// The cells a grapheme cluster made of `scalars` takes.
    public static func of<Scalars: Sequence<Unicode.Scalar>>(cluster scalars: Scalars) -> Int {
        var accumulator = ClusterWidth()
        for scalar in scalars { accumulator.add(scalar) }
        return accumulator.width
    }

    /// The cells `string` takes, cluster by cluster (markers, table cells).
    public static func of(_ string: String) -> Int {
        var total = 0
        for character in string { total += of(cluster: character.unicodeScalars) }
        return total
    }

    /// The width of a scalar at or above U+0300.
    private static func ofNonLatin(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // General punctuation (dashes, quotes, ellipsis) is common in prose: answer it quickly.
        if value >= 0x2010 && value <= 0x205E && !(value >= 0x2028 && value <= 0x202E) { return 1 }
        if isWide(value) { return 2 }
        return isZeroWidth(scalar) ? 0 : 1
    }

    /// Whether `value` is East Asian Wide or Fullwidth (or an emoji shown wide by default).
    static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        if value >= 0x4E00 && value <= 0x9FFF || value >= 0xAC00 && value <= 0xD7A3 { return true }  // Han, Hangul
        if value >= 0x3041 && value <= 0x30FF { return value <= 0x3096 || value >= 0x309B }  // kana
        let ranges = wideRanges
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.first {
                high = middle
            } else if value > range.last {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// Whether `scalar` is drawn inside the previous cell or not at all.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x206F, 0xFEFF:
            return true  // zero-width spaces and joiners, directional formatting
        case 0xFE00...0xFE0F, 0xE0100...0xE01EF, 0xE0000...0xE007F:
            return true  // variation selectors, tags
        case 0x1160...0x11FF, 0xD7B0...0xD7FF:
            return true  // Hangul medial vowels and final consonants join the initial's two cells
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD:
            return false  // prepended concatenation marks are visible
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .control, .format: return true
            default: return false
            }
        }
    }

    /// A closed range of scalar values, compact for the binary search.
    struct ScalarRange: Sendable {
        /// The first value in the range.
        var first: UInt32
        /// The last value in the range.
        var last: UInt32
    }

    /// Sorted, disjoint ranges of East Asian Wide / Fullwidth scalars (from the Unicode
    /// EastAsianWidth property), with whole emoji blocks counted wide. Combining marks inside
    /// wide blocks (U+302A–302D, U+3099–309A) are left out: they take no cell.
    static let wideRanges: [ScalarRange] = [
        (0x1100, 0x115F), (0x231A, 0x231B), (0x2329, 0x232A), (0x23E9, 0x23EC), (0x23F0, 0x23F0),
        (0x23F3, 0x23F3), (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F),
        (0x2693, 0x2693), (0x26A1, 0x26A1), (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5),
        (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA), (0x26F2, 0x26F3), (0x26F5, 0x26F5),
        (0x26FA, 0x26FA), (0x26FD, 0x26FD), (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728),
        (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
        (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55),
        (0x2E80, 0x2E99), (0x2E9B, 0x2EF3), (0x2F00, 0x2FD5), (0x2FF0, 0x2FFF), (0x3000, 0x3029),
        (0x302E, 0x303E), (0x3041, 0x3096), (0x309B, 0x30FF), (0x3105, 0x312F), (0x3131, 0x318E),
        (0x3190, 0x31E5), (0x31EF, 0x321E), (0x3220, 0x3247), (0x3250, 0xA48C), (0xA490, 0xA4C6),
        (0xA960, 0xA97C), (0xAC00, 0xD7A3), (0xF900, 0xFAFF), (0xFE10, 0xFE19), (0xFE30, 0xFE52),
        (0xFE54, 0xFE66), (0xFE68, 0xFE6B), (0xFF01, 0xFF60), (0xFFE0, 0xFFE6),
        (0x16FE0, 0x16FE4), (0x16FF0, 0x16FF1), (0x17000, 0x187F7), (0x18800, 0x18CD5),
        (0x18D00, 0x18D08), (0x1AFF0, 0x1AFFE), (0x1B000, 0x1B2FB),
        (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF), (0x1F18E, 0x1F18E), (0x1F191, 0x1F19A),
        (0x1F200, 0x1F202), (0x1F210, 0x1F23B), (0x1F240, 0x1F248), (0x1F250, 0x1F251),
        (0x1F260, 0x1F265), (0x1F300, 0x1F64F), (0x1F680, 0x1F6FF), (0x1F7E0, 0x1F7EB),
        (0x1F7F0, 0x1F7F0), (0x1F90C, 0x1F9FF), (0x1FA70, 0x1FAFF),
        (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),
    ].map { ScalarRange(first: $0.0, last: $0.1) }
}

/// Accumulates the width of one grapheme cluster scalar by scalar.
///
/// The cluster is as wide as its widest scalar, except that an emoji presentation selector
/// (U+FE0F) after an emoji base and a regional-indicator flag make it two cells.
struct ClusterWidth {
    /// The width so far.
    private(set) var width = 0
    /// The cluster's first scalar.
    private var base: Unicode.Scalar?
    /// Whether U+FE0F was seen.
    private var asksForEmoji = false

    /// Adds the next scalar of the cluster.
    @inline(__always)
    mutating func add(_ scalar: Unicode.Scalar) {
        add(scalar, width: CellWidth.of(scalar))
    }

    /// Adds the next scalar of the cluster, whose own width (``CellWidth/of(_:)``) is known.
    @inline(__always)
    mutating func add(_ scalar: Unicode.Scalar, width scalarWidth: Int) {
        if base == nil {
            base = scalar
            if scalar.value >= 0x1F1E6 && scalar.value <= 0x1F1FF { width = 2 }  // regional indicator
        }
        if scalarWidth > width { width = scalarWidth }
        if scalar.value == 0xFE0F, width < 2, let base, base.properties.isEmoji { width = 2 }
    }
}

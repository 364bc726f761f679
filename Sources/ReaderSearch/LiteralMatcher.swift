/// Finds a folded query in folded text: Boyer–Moore–Horspool over UTF-16 units, the shift table
/// keyed by a unit's low byte.
struct LiteralMatcher {
    let pattern: [UInt16]
    private let shifts: [Int]

    init(pattern: [UInt16]) {
        precondition(!pattern.isEmpty)
        self.pattern = pattern
        var shifts = Array(repeating: pattern.count, count: 256)
        for index in 0..<(pattern.count - 1) {
            shifts[Int(pattern[index] & 0xFF)] = pattern.count - 1 - index
        }
        self.shifts = shifts
    }

    /// The start of the first occurrence at or after `start`, or nil.
    func firstMatch(in units: UnsafeBufferPointer<UInt16>, from start: Int) -> Int? {
        let length = pattern.count, count = units.count
        guard start >= 0, length <= count else { return nil }
        return pattern.withUnsafeBufferPointer { pattern in
            shifts.withUnsafeBufferPointer { shifts in
                let last = pattern[length - 1]
                var position = start
                while position + length <= count {
                    let unit = units[position + length - 1]
                    if unit == last {
                        var index = 0
                        while index < length - 1, units[position + index] == pattern[index] { index += 1 }
                        if index == length - 1 { return position }
                    }
                    position += shifts[Int(unit & 0xFF)]
                }
                return nil
            }
        }
    }
}

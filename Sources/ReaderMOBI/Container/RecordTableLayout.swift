/// Where the records of a Palm database lie, worked out from the record table's start offsets
/// even when some of them lie.
///
/// Records follow each other in the file, so their starts never go down. The entries kept are
/// the longest run of starts that stay inside the file and never go down, always with record 0's:
/// an entry outside it (past the end of the file, inside the header, or out of order with its
/// neighbours) loses its record, and only that record. Records after the last kept entry are
/// left out, as a cut-short file has them.
struct RecordTableLayout: Equatable {
    /// Each record's bytes, up to the last record kept; a lost record's range is empty.
    var ranges: [Range<Int>]
    /// Records whose entry lies.
    var lost: Set<Int>
    /// Kept records followed by a lost or left-out one: their range runs on to the next kept record
    /// (or the end of the file).
    var unknownEnd: Set<Int>
    /// What is wrong, or nil when every entry is right.
    var damage: String?

    /// Lays out the records; nil when record 0's entry lies outside the file.
    /// - Parameters:
    ///   - starts: each record's start offset, as the table gives it.
    ///   - dataStart: where records may begin (the end of the record table).
    ///   - fileSize: the file's size in bytes.
    init?(starts: [Int], dataStart: Int, fileSize: Int) {
        guard let first = starts.first, (dataStart...fileSize).contains(first) else { return nil }
        let kept = Self.longestOrderedRun(starts: starts, lowest: first, highest: fileSize)
        let last = kept.last!
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(last + 1)
        var lost = Set<Int>()
        var unknownEnd = Set<Int>()
        var next = kept.count - 1
        var end = fileSize
        // Backwards, so each record knows where the next kept one starts.
        for index in stride(from: last, through: 0, by: -1) {
            if kept[next] == index {
                ranges.append(starts[index]..<end)
                if index < last ? kept[next + 1] != index + 1 : index < starts.count - 1 { unknownEnd.insert(index) }
                end = starts[index]
                next -= 1
            } else {
                ranges.append(end..<end)
                lost.insert(index)
            }
        }
        self.ranges = ranges.reversed()
        self.lost = lost
        self.unknownEnd = unknownEnd
        var problems: [String] = []
        if !lost.isEmpty {
            let examples = lost.sorted().prefix(3).map { "record \($0) at \(starts[$0])" }.joined(separator: ", ")
            problems.append("\(lost.count) record table \(lost.count == 1 ? "entry lies" : "entries lie") (\(examples)) "
                + "outside the file's \(fileSize) bytes or out of order; \(lost.count == 1 ? "that record is" : "those records are") lost")
        }
        if last < starts.count - 1 {
            let end = last + 2 < starts.count ? starts[last + 2] : fileSize
            problems.append("record \(last + 1) lies at \(starts[last + 1])..<\(end), outside the file's \(fileSize) bytes: "
                + "the file is cut short or its record table is damaged; records \(last + 1) to \(starts.count - 1) are left out")
        }
        damage = problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The indices of the longest sequence of starts, beginning with record 0's, that stay within
    /// `lowest...highest` and never go down (patience sorting, O(n log n)).
    private static func longestOrderedRun(starts: [Int], lowest: Int, highest: Int) -> [Int] {
        // tails[k]: the index ending the best run of length k + 1 found so far (the lowest end).
        var tails: [Int] = [0]
        var previous = [Int](repeating: -1, count: starts.count)
        for index in 1..<starts.count where (lowest...highest).contains(starts[index]) {
            let start = starts[index]
            // The first run whose end is above `start`: `start` replaces it (ties extend).
            var low = 1, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if starts[tails[middle]] <= start { low = middle + 1 } else { high = middle }
            }
            previous[index] = tails[low - 1]
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var run: [Int] = []
        var index = tails.last!
        while index >= 0 {
            run.append(index)
            index = previous[index]
        }
        return run.reversed()
    }
}

// MARK: - Decimal-numbered outlines

extension ChapterHeadingDetector {
    /// The most levels a decimal section number (`1.2.3.`) may have.
    static let deepestOutlineLevel = 4

    /// A title ending in `。` is a sentence unless it is this short (`3.9. アーメン。`).
    static let shortestSentence = 6

    /// The numbers of a line that begins with a decimal section number followed by a title
    /// (`1. 第一部：十戒について`, `1.1. 第一の戒め`, `2.3 Results`), or nil.
    ///
    /// Such a line alone reads like an item of a numbered list; only a text whose numbered lines
    /// form an outline takes them as headings (see ``confirmOutline(_:)``). The title is short,
    /// starts with a letter and does not end as a clause does (`,` `;` `:` `、`, or `。` after a
    /// sentence's length).
    static func outlineNumbers(_ scalars: [Unicode.Scalar]) -> [Int]? {
        var numbers: [Int] = []
        var index = 0
        while index < scalars.count, numbers.count < deepestOutlineLevel {
            let start = index
            var value = 0
            while index < scalars.count, index - start < 3, let digit = asciiDigit(scalars[index]) {
                value = value * 10 + digit
                index += 1
            }
            guard index > start, value > 0 else { return nil }
            numbers.append(value)
            guard index < scalars.count, scalars[index] == "." else { break }
            index += 1
            // `1.2.` goes on with another number; `1. Title` does not.
            guard index < scalars.count, asciiDigit(scalars[index]) != nil else { break }
        }
        guard index < scalars.count, isSpace(scalars[index]) else { return nil }
        // Without a closing full stop only a deeper number reads as a section: `2.3 Results`, not `2 Results`.
        if scalars[index - 1] != ".", numbers.count < 2 { return nil }
        let title = scalars[index...].drop(while: isSpace)
        guard let first = title.first, first.properties.isAlphabetic, let last = title.last,
              !",;:，；：、".unicodeScalars.contains(last),
              last != "。" || title.count <= shortestSentence else { return nil }
        return numbers
    }

    private static func asciiDigit(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
    }

    /// Keeps the decimal-numbered candidates only when they form an outline: at least two
    /// second-level numbers (`1.1.`) under a first-level number present too (`1.`). A numbered
    /// list has one level and stays text. A dropped candidate's line counts as text for the one
    /// after it, as it did before it was a candidate.
    static func confirmOutline(_ candidates: inout [Candidate]) {
        // Read in place: a copy of each candidate would retain and release its strings.
        var numbered: [[Int]] = []
        for index in candidates.indices { if let numbers = candidates[index].outlineNumbers { numbered.append(numbers) } }
        guard !numbered.isEmpty else { return }
        let tops = Set(numbered.filter { $0.count == 1 }.map { $0[0] })
        let nested = numbered.filter { $0.count >= 2 && tops.contains($0[0]) }
        if nested.count >= 2 { return }
        // Moved down in place through the buffer, not copied, so no heading's text is retained and released.
        let kept = candidates.withUnsafeMutableBufferPointer { buffer in
            var carried = 0, kept = 0
            for index in buffer.indices {
                if buffer[index].outlineNumbers != nil {
                    carried += buffer[index].linesSincePrevious + 1
                    continue
                }
                buffer[index].linesSincePrevious += carried
                carried = 0
                if kept != index { buffer.swapAt(kept, index) }
                kept += 1
            }
            return kept
        }
        candidates.removeSubrange(kept...)
    }
}

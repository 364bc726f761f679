import ReaderTestSupport

/// How much of a reference text (calibre's) another text (ours) reproduces, word by word and in
/// order: the share of the reference's words that a longest-common-subsequence alignment of the
/// two word lists matches.
///
/// Words are runs of letters, digits and combining marks, compared case-folded; in scripts written
/// without spaces (Han, kana) every character is a word of its own, so Japanese compares character
/// by character. The alignment is Myers' O(ND) difference algorithm in linear space (the
/// middle-snake bisection of diff-match-patch): books that agree are nearly one long diagonal, so
/// a 250 000-word book aligns in a fraction of a second. A work budget bounds the cost of texts
/// that disagree badly; past it the remaining gap counts as unmatched, so the figure is then a
/// lower bound.
struct WordAgreement {
    /// Reference words matched by the alignment.
    var matched: Int
    /// Reference words in all.
    var referenceCount: Int
    /// Words of the other text.
    var candidateCount: Int
    /// For each reference word, whether the alignment matched it.
    var matchedFlags: [Bool]
    /// Whether the work budget ran out (the figure is then a lower bound).
    var gaveUp: Bool

    /// The share of reference words matched, in 0...1 (1 for an empty reference).
    var ratio: Double { referenceCount == 0 ? 1 : Double(matched) / Double(referenceCount) }

    /// Aligns `candidate` against `reference` (both already tokenised with ``words(of:)``).
    init(reference: [String], candidate: [String], budget: Int = 400_000_000) {
        var ids: [String: Int32] = [:]
        func intern(_ words: [String]) -> [Int32] {
            words.map { word in
                if let id = ids[word] { return id }
                let id = Int32(ids.count)
                ids[word] = id
                return id
            }
        }
        var aligner = MyersAligner(a: intern(reference), b: intern(candidate), budget: budget)
        aligner.align(0..<reference.count, 0..<candidate.count)
        matchedFlags = aligner.matchedA
        matched = aligner.matchedA.lazy.filter { $0 }.count
        referenceCount = reference.count
        candidateCount = candidate.count
        gaveUp = aligner.gaveUp
    }

    /// The words of a text: case-folded runs of letters, digits and marks; single characters in
    /// Han and kana. Unlike ``PositionWords/words(of:)``, a format character (soft hyphen,
    /// zero-width space) ends a word and a word cannot start with a mark: the PDF agreement with
    /// pdftotext fails with PositionWords' rule.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func finish() {
            guard !current.isEmpty else { return }
            words.append(String(current).lowercased())
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if PositionWords.isWrittenWithoutSpaces(scalar) {
                finish()
                words.append(String(scalar))
                continue
            }
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber:
                current.append(scalar)
            case .nonspacingMark, .spacingMark, .enclosingMark:
                if !current.isEmpty { current.append(scalar) }
            default:
                finish()
            }
        }
        finish()
        return words
    }
}

/// Myers' difference algorithm, linear-space variant: finds the middle snake of the shortest edit
/// script, splits there and recurses, after stripping the common prefix and suffix of each part.
private struct MyersAligner {
    let a: [Int32]
    let b: [Int32]
    var matchedA: [Bool]
    var budget: Int
    var gaveUp = false

    init(a: [Int32], b: [Int32], budget: Int) {
        self.a = a
        self.b = b
        self.matchedA = Array(repeating: false, count: a.count)
        self.budget = budget
    }

    mutating func align(_ rangeA: Range<Int>, _ rangeB: Range<Int>) {
        var lowA = rangeA.lowerBound, highA = rangeA.upperBound
        var lowB = rangeB.lowerBound, highB = rangeB.upperBound
        while lowA < highA, lowB < highB, a[lowA] == b[lowB] {
            matchedA[lowA] = true
            lowA += 1
            lowB += 1
        }
        while lowA < highA, lowB < highB, a[highA - 1] == b[highB - 1] {
            matchedA[highA - 1] = true
            highA -= 1
            highB -= 1
        }
        guard lowA < highA, lowB < highB else { return }
        guard let (x, y) = middleSnake(lowA..<highA, lowB..<highB),
              (x, y) != (lowA, lowB), (x, y) != (highA, highB) else { return }
        align(lowA..<x, lowB..<y)
        align(x..<highA, y..<highB)
    }

    /// The point where the forward and backward searches meet, or nil when the parts have
    /// nothing in common (or the budget ran out).
    private mutating func middleSnake(_ rangeA: Range<Int>, _ rangeB: Range<Int>) -> (Int, Int)? {
        let n = rangeA.count, m = rangeB.count
        let baseA = rangeA.lowerBound, baseB = rangeB.lowerBound
        let maxD = (n + m + 1) / 2
        let offset = maxD
        let length = 2 * maxD + 2
        var forward = [Int](repeating: -1, count: length)
        var backward = [Int](repeating: -1, count: length)
        forward[offset + 1] = 0
        backward[offset + 1] = 0
        let delta = n - m
        let checksForward = delta % 2 != 0
        var k1Start = 0, k1End = 0, k2Start = 0, k2End = 0
        for d in 0..<maxD {
            budget -= 4 * d + 2
            if budget < 0 {
                gaveUp = true
                return nil
            }
            for k1 in stride(from: -d + k1Start, through: d - k1End, by: 2) {
                let index = offset + k1
                var x1 = (k1 == -d || (k1 != d && forward[index - 1] < forward[index + 1]))
                    ? forward[index + 1] : forward[index - 1] + 1
                var y1 = x1 - k1
                let start1 = x1
                while x1 < n, y1 < m, a[baseA + x1] == b[baseB + y1] {
                    x1 += 1
                    y1 += 1
                }
                budget -= x1 - start1
                forward[index] = x1
                if x1 > n {
                    k1End += 2
                } else if y1 > m {
                    k1Start += 2
                } else if checksForward {
                    let other = offset + delta - k1
                    if other >= 0, other < length, backward[other] != -1, x1 >= n - backward[other] {
                        return (baseA + x1, baseB + y1)
                    }
                }
            }
            for k2 in stride(from: -d + k2Start, through: d - k2End, by: 2) {
                let index = offset + k2
                var x2 = (k2 == -d || (k2 != d && backward[index - 1] < backward[index + 1]))
                    ? backward[index + 1] : backward[index - 1] + 1
                var y2 = x2 - k2
                let start2 = x2
                while x2 < n, y2 < m, a[baseA + n - x2 - 1] == b[baseB + m - y2 - 1] {
                    x2 += 1
                    y2 += 1
                }
                budget -= x2 - start2
                backward[index] = x2
                if x2 > n {
                    k2End += 2
                } else if y2 > m {
                    k2Start += 2
                } else if !checksForward {
                    let other = offset + delta - k2
                    if other >= 0, other < length, forward[other] != -1 {
                        let x1 = forward[other]
                        let y1 = offset + x1 - other
                        if x1 >= n - x2 { return (baseA + x1, baseB + y1) }
                    }
                }
            }
        }
        return nil
    }
}

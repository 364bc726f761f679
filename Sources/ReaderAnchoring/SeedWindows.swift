/// Where in the target a query that does not occur unchanged may be: the exact k-gram hits of its
/// pieces vote for diagonals (where the query would start), and the best-supported runs of nearby
/// diagonals become windows of text to align the query against.
enum SeedWindows {
    /// Hits kept per gram; a gram with more occurrences keeps those nearest the expected place and
    /// its votes weigh less, as a common phrase says little about where the query is.
    static let hitsPerGram = 64
    /// Windows returned at most.
    static let maximumWindows = 16

    private struct Hit {
        var diagonal: Int
        var weight: Double
    }

    /// Text ranges to align `query` against, the best-supported first; empty when the query is
    /// shorter than a gram or none of its grams occurs.
    static func windows(for query: AnchorQuery, in text: [UInt16], index: KGramIndex, expectedStart: Int?) -> [Range<Int>] {
        let units = query.units
        let gram = KGramIndex.gramLength
        guard units.count >= gram else { return [] }
        var hits: [Hit] = []
        for offset in 0...(units.count - gram) {
            let bucket = index.bucket(forGramAt: offset, of: units)
            let weight = min(1, Double(hitsPerGram) / Double(max(1, bucket.count)))
            for position in bucket.nearest(to: (expectedStart ?? 0) + offset, limit: hitsPerGram) {
                let start = Int(position)
                guard text[start..<start + gram].elementsEqual(units[offset..<offset + gram]) else { continue }
                hits.append(Hit(diagonal: start - offset, weight: weight))
            }
        }
        guard !hits.isEmpty else { return [] }
        hits.sort { $0.diagonal < $1.diagonal }

        // Runs of diagonals no wider than the slack an alignment absorbs.
        let slack = max(8, units.count / 4)
        var runs: [(first: Int, last: Int, support: Double)] = []
        for hit in hits {
            if let current = runs.last, hit.diagonal - current.first <= slack {
                runs[runs.count - 1].last = hit.diagonal
                runs[runs.count - 1].support += hit.weight
            } else {
                runs.append((hit.diagonal, hit.diagonal, hit.weight))
            }
        }
        let distance: (Int) -> Int = { diagonal in expectedStart.map { abs(diagonal - $0) } ?? 0 }
        runs.sort { ($0.support, -distance($0.first)) > ($1.support, -distance($1.first)) }
        return runs.prefix(maximumWindows).map { run in
            max(0, run.first - slack)..<min(text.count, run.last + units.count + slack)
        }
    }
}

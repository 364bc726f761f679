/// A mistyped subcommand's nearest real name, so `reader opne` can say "did you mean open?".
enum CommandSuggestion {
    /// The name among `names` closest to `typed` by edit distance, when it is close enough to be
    /// a slip (at most a third of the longer word, and at least one edit allowed).
    static func nearest(to typed: String, among names: [String]) -> String? {
        let lowered = typed.lowercased()
        let scored = names.map { (name: $0, distance: distance(Array(lowered), Array($0))) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let allowed = max(1, max(lowered.count, best.name.count) / 3)
        return best.distance <= allowed || best.name.hasPrefix(lowered) && lowered.count >= 2 ? best.name : nil
    }

    /// The Damerau–Levenshtein distance (adjacent swaps cost one edit, as in `opne`).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}

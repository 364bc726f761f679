/// How alike two short texts are, by their words (Readability's measure): one minus the share of
/// the second text's length made of words the first lacks.
enum TextSimilarity {
    static func similarity(_ a: String, _ b: String) -> Double {
        let first = words(a)
        let second = words(b)
        guard !first.isEmpty, !second.isEmpty else { return 0 }
        let known = Set(first)
        let unique = second.filter { !known.contains($0) }
        let distance = Double(unique.joined(separator: " ").count) / Double(second.joined(separator: " ").count)
        return 1 - distance
    }

    static func words(_ text: String) -> [String] {
        text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
    }
}

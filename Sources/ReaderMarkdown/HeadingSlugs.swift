/// GitHub-style heading ids ("The Posts Folder" → "the-posts-folder"), unique within a document.
struct HeadingSlugs {
    private var used: [String: Int] = [:]

    /// The id for a heading's text: lower case, punctuation removed, spaces turned to hyphens,
    /// and "-1", "-2", … appended to repeats. Nil when nothing is left.
    mutating func slug(for text: String) -> String? {
        var base = ""
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                base += "-"
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic
                        || properties.numericType != nil || properties.generalCategory == .nonspacingMark {
                base.unicodeScalars.append(scalar)
            }
        }
        guard !base.isEmpty else { return nil }
        let seen = used[base, default: 0]
        used[base] = seen + 1
        return seen == 0 ? base : "\(base)-\(seen)"
    }
}

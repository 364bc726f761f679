/// The article title from a document `<title>` that may carry the site's name ("Story | Site",
/// "Site: Story"): Readability's rules, which keep the title whole when cutting would leave too little.
enum TitleCleaner {
    static let separators: Set<Character> = ["|", "-", "–", "—", "\\", "/", ">", "»"]
    static let hierarchical: Set<Character> = ["\\", "/", ">", "»"]

    /// - Parameters:
    ///   - documentTitle: the `<title>` text.
    ///   - headings: the texts of the page's `h1` and `h2` elements.
    ///   - h1s: the texts of the `h1` elements alone.
    static func clean(_ documentTitle: String, headings: [String], h1s: [String]) -> String {
        let original = documentTitle.collapsingSpaces()
        var title = original
        var hadHierarchical = false
        let characters = Array(original)
        let separatorPositions = characters.indices.filter { index in
            index > 0 && characters[index - 1] == " " && separators.contains(characters[index])
                && index + 1 < characters.count && characters[index + 1] == " "
        }
        if let last = separatorPositions.last {
            hadHierarchical = separatorPositions.contains { hierarchical.contains(characters[$0]) }
            title = String(characters[..<last])
            if wordCount(title) < 3, let firstAny = characters.firstIndex(where: { separators.contains($0) }) {
                title = String(characters[(firstAny + 1)...])
            }
        } else if original.contains(": ") {
            if !headings.contains(where: { $0.collapsingSpaces() == original }) {
                let lastColon = characters.lastIndex(of: ":")!
                let firstColon = characters.firstIndex(of: ":")!
                title = String(characters[(lastColon + 1)...])
                if wordCount(title) < 3 {
                    title = String(characters[(firstColon + 1)...])
                } else if wordCount(String(characters[..<firstColon])) > 5 {
                    title = original
                }
            }
        } else if original.count > 150 || original.count < 15, h1s.count == 1 {
            title = h1s[0]
        }
        title = title.collapsingSpaces()
        let count = wordCount(title)
        let originalWithoutSeparators = String(original.filter { !separators.contains($0) })
        if count <= 4, !hadHierarchical || count != wordCount(originalWithoutSeparators) - 1 {
            title = original
        }
        return title
    }

    /// `title` without a trailing ` | Site` (any separator) when the site's name is `siteName`.
    static func removingSiteName(_ siteName: String, from title: String) -> String {
        let site = siteName.collapsingSpaces()
        guard !site.isEmpty, title.count > site.count + 3, title.hasSuffix(site) else { return title }
        var head = title.dropLast(site.count)
        guard head.last == " " else { return title }
        head = head.dropLast()
        guard let separator = head.last, separators.contains(separator) || separator == "·" || separator == ":" else { return title }
        let trimmed = head.dropLast().collapsingSpaces()
        return trimmed.isEmpty ? title : trimmed
    }

    static func wordCount(_ text: String) -> Int {
        text.split(whereSeparator: \.isWhitespace).count
    }
}

import Foundation

/// Where an article is written in a Markdown folder (the convention PullRead and its viewers
/// read): `YYYY/MM/YYYY-MM-DD-slug.md`, the date being when it was bookmarked (UTC).
public enum ArticleFileName {
    /// The slug of a title: diacritics removed, `ß` as `ss`, lower case, apostrophes dropped,
    /// every run of other characters than ASCII letters and digits one `-`, no `-` at either end,
    /// at most 50 characters (a `-` left at the cut is trimmed too).
    public static func slug(_ title: String) -> String {
        let folded = title.replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "ẞ", with: "ss")
            .applyingTransform(.stripDiacritics, reverse: false) ?? title
        var slug = ""
        var pendingDash = false
        for scalar in folded.lowercased().unicodeScalars {
            if scalar == "'" || scalar == "\u{2019}" || scalar == "\u{2018}" { continue }
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        var cut = String(slug.prefix(50))
        while cut.hasSuffix("-") { cut.removeLast() }
        return cut
    }

    /// `YYYY-MM-DD-slug.md` (`YYYY-MM-DD.md` for an empty slug); a name longer than 70
    /// characters is cut to 67 and given `.md` again.
    public static func fileName(title: String, bookmarked: Date) -> String {
        let (year, month, day) = components(bookmarked)
        let slug = slug(title)
        let stem = String(format: "%04d-%02d-%02d", year, month, day) + (slug.isEmpty ? "" : "-" + slug)
        let name = stem + ".md"
        return name.count > 70 ? String(name.prefix(67)) + ".md" : name
    }

    /// `YYYY/MM/` + ``fileName(title:bookmarked:)``.
    public static func relativePath(title: String, bookmarked: Date) -> String {
        let (year, month, _) = components(bookmarked)
        return String(format: "%04d/%02d/", year, month) + fileName(title: title, bookmarked: bookmarked)
    }

    private static func components(_ date: Date) -> (Int, Int, Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return (parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}

import ReaderCore

/// The picture that stands for an article in the viewer's list: the first `![…](http…)` image
/// of the body that is not a tracking pixel, a badge or a tiny icon.
enum LeadImage {
    /// The first acceptable image address in `body`, or nil.
    static func first(in body: Substring) -> String? {
        var rest = body
        while let offset = ByteSearch.firstOffset(of: "![", in: rest) {
            rest = rest[rest.utf8.index(rest.startIndex, offsetBy: offset + 2)...]
            guard let close = rest.firstIndex(of: "]") else { return nil }
            let alt = rest[..<close]
            var target = rest[rest.index(after: close)...]
            guard target.first == "(" else { continue }
            target = target.dropFirst().drop(while: { $0 == " " })
            if target.first == "<" { target = target.dropFirst() }
            let end = target.firstIndex(where: { $0 == ")" || $0 == " " || $0 == ">" || $0 == "\n" }) ?? target.endIndex
            let address = String(target[..<end])
            rest = target[end...]
            let lowered = address.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { continue }
            if isDecoration(address: lowered, alt: alt.lowercased()) { continue }
            return address
        }
        return nil
    }

    /// Address fragments of trackers, counters, badges and icons.
    private static let decorationMarks = [
        "pixel", "tracking", "tracker", "beacon", "1x1", "spacer", "blank.gif", "transparent.gif",
        "/stats.", "stats.wordpress.com", "doubleclick", "analytics", "feedburner.com/~", "/~ff/", "/~r/",
        "badge", "shields.io", "badgen.net", "travis-ci", "circleci.com", "codecov.io", "coveralls.io",
        "favicon", ".ico", "/emoji/", "gravatar.com/avatar", "/icons/", "/icon-", "-icon.", "_icon.", "/avatar",
        "/logo-small", "width=1&", "w=1&h=1", "height=1&",
    ]

    /// Whether the image is a tracker, a badge or a tiny icon rather than a picture of the article.
    static func isDecoration(address: String, alt: String) -> Bool {
        if decorationMarks.contains(where: { ByteSearch.contains(address, $0) }) { return true }
        if ByteSearch.contains(alt, "badge") || alt == "icon" || alt.hasSuffix(" icon") { return true }
        return hasTinySize(address)
    }

    /// Whether the address declares a width or height under 48 pixels (`?w=16`, `width=20`, `/16x16/`).
    private static func hasTinySize(_ address: String) -> Bool {
        let query = address.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
        for pair in query.split(whereSeparator: { $0 == "&" || $0 == ";" }) {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, ["w", "h", "width", "height", "size", "s"].contains(String(parts[0])),
                  let value = Int(parts[1]) else { continue }
            if value < 48 { return true }
        }
        for component in address.split(separator: "/") {
            let sides = component.split(separator: "x")
            if sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]), width < 48 || height < 48 {
                return true
            }
        }
        return false
    }
}

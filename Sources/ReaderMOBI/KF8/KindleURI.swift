/// The shared shape of KF8's `kindle:` links: a fixed prefix, a body, and an optional query whose
/// `mime` parameter names the target's media type.
enum KindleURI {
    /// The part of `uri` after `prefix` and before any `?`, and the `mime` query value; nil when
    /// `uri` does not start with `prefix` (compared case-insensitively).
    static func split(_ uri: String, prefix: String) -> (body: Substring, mimeType: String?)? {
        let text = trimmed(uri)
        guard text.utf8.count > prefix.utf8.count,
              text.prefix(prefix.count).lowercased() == prefix.lowercased()
        else { return nil }
        let rest = text.dropFirst(prefix.count)
        guard let question = rest.firstIndex(of: "?") else {
            return (rest.prefix { $0 != "#" }, nil)
        }
        let body = rest[rest.startIndex..<question]
        var mimeType: String?
        for parameter in rest[rest.index(after: question)...].split(whereSeparator: { $0 == "&" || $0 == "#" }) {
            if parameter.lowercased().hasPrefix("mime=") {
                mimeType = String(parameter.dropFirst(5))
                break
            }
        }
        return (body, mimeType)
    }

    // The link without the quotes and white space an attribute value may keep around it.
    private static func trimmed(_ uri: String) -> Substring {
        let ignored: Set<Character> = ["\"", "'", " ", "\t", "\r", "\n"]
        guard let first = uri.firstIndex(where: { !ignored.contains($0) }),
              let last = uri.lastIndex(where: { !ignored.contains($0) })
        else { return "" }
        return uri[first...last]
    }
}

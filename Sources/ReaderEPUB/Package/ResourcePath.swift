import ReaderCore

/// Resolution of the hrefs an EPUB writes (in the OPF, the navigation documents and content) to
/// paths of entries in the container.
///
/// Hrefs are URL references: percent-encoded, relative to the document that holds them, possibly
/// with a `#fragment`. Container paths are plain, decoded, `/`-separated names from the root of
/// the zip, never starting with `/` and never climbing above the root.
enum ResourcePath {
    /// A resolved reference: the container path and the fragment, if any.
    struct Reference: Hashable, Sendable {
        var path: String
        var fragment: String?
    }

    /// Resolves `href` against the container path of the document that holds it.
    /// - Returns: nil for external references (`http:`, `mailto:`, …), empty hrefs that are not a
    ///   bare fragment, and paths that climb above the container root.
    static func resolve(_ href: String, relativeTo base: String) -> Reference? {
        var reference = href.trimmingASCIIWhitespace()
        var fragment: String?
        if let hash = reference.firstIndex(of: "#") {
            fragment = percentDecoded(String(reference[reference.index(after: hash)...]))
            reference = String(reference[..<hash])
        }
        if let query = reference.firstIndex(of: "?") { reference = String(reference[..<query]) }
        if URLReference.scheme(of: reference) != nil { return nil }
        if reference.isEmpty {
            return fragment == nil ? nil : Reference(path: base, fragment: fragment)
        }
        let decoded = percentDecoded(reference)
        let joined = decoded.hasPrefix("/") ? decoded : directory(of: base) + decoded
        guard let normalized = normalize(joined) else { return nil }
        return Reference(path: normalized, fragment: fragment?.isEmpty == true ? nil : fragment)
    }

    /// The directory part of a container path, with a trailing `/` (empty at the root).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// `.` and `..` segments removed; nil when `..` would climb above the root.
    static func normalize(_ path: String) -> String? {
        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                guard !segments.isEmpty else { return nil }
                segments.removeLast()
            default: segments.append(segment)
            }
        }
        return segments.isEmpty ? nil : segments.joined(separator: "/")
    }

    /// `%XX` sequences decoded as UTF-8; the text unchanged when they do not decode (a bare `%`
    /// in a name written without escaping).
    static func percentDecoded(_ text: String) -> String {
        (try? PercentDecoding.decode(text)) ?? text
    }
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

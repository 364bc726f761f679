import Foundation

/// Makes the links and image sources of an article absolute, against the page's `<base href>`
/// (itself resolved against the canonical URL) or, without one, the canonical URL. With neither
/// (a page saved without its address) they stay as written. `javascript:` links lose their target.
struct LinkResolution {
    let base: URL?

    init(baseHref: String?, canonicalURL: String?) {
        let canonical = canonicalURL.flatMap { URL(string: $0) }.flatMap { $0.scheme == nil ? nil : $0 }
        if let baseHref, let url = URL(string: baseHref, relativeTo: canonical), url.absoluteURL.scheme != nil {
            base = url.absoluteURL
        } else {
            base = canonical
        }
    }

    /// An absolute form of `reference`, or it unchanged when it cannot be resolved.
    func resolve(_ reference: String) -> String {
        let trimmed = Self.startsAndEndsVisibly(reference) ? reference : reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let base, !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("data:") else { return trimmed }
        guard let url = URL(string: trimmed, relativeTo: base) else { return trimmed }
        return url.absoluteString
    }

    /// Whether the first and last bytes are ASCII other than white space, so that trimming white
    /// space (Unicode's included) leaves the string as it is.
    private static func startsAndEndsVisibly(_ text: String) -> Bool {
        guard let first = text.utf8.first, let last = text.utf8.last else { return false }
        return isVisibleASCII(first) && isVisibleASCII(last)
    }

    /// False only when the text surely does not start with `javascript:` once trimmed and
    /// lower-cased: its first byte is visible ASCII other than `j` or `J`.
    private static func mayStartWithJavaScript(_ text: String) -> Bool {
        guard let first = text.utf8.first, isVisibleASCII(first) else { return true }
        return first | 0x20 == UInt8(ascii: "j")
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    /// Resolves every `a href` and `img src` under `node`; drops `javascript:` targets.
    func apply(to node: WebNode) {
        for element in node.descendants(named: ["a", "img", "source"]) {
            let attribute = element.name == "a" ? "href" : "src"
            guard let value = element.attribute(attribute) else { continue }
            if Self.mayStartWithJavaScript(value), value.lowercased().trimmingCharacters(in: .whitespaces).hasPrefix("javascript:") {
                element.setAttribute(attribute, nil)
                continue
            }
            element.setAttribute(attribute, resolve(value))
        }
    }
}

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
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let base, !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.hasPrefix("data:") else { return trimmed }
        guard let url = URL(string: trimmed, relativeTo: base) else { return trimmed }
        return url.absoluteString
    }

    /// Resolves every `a href` and `img src` under `node`; drops `javascript:` targets.
    func apply(to node: WebNode) {
        for element in node.descendants(named: ["a", "img", "source"]) {
            let attribute = element.name == "a" ? "href" : "src"
            guard let value = element.attribute(attribute) else { continue }
            if value.lowercased().trimmingCharacters(in: .whitespaces).hasPrefix("javascript:") {
                element.setAttribute(attribute, nil)
                continue
            }
            element.setAttribute(attribute, resolve(value))
        }
    }
}

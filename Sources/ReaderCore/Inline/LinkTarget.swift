/// Where a link leads.
public enum LinkTarget: Hashable, Sendable {
    /// A resource of this document by its href (as in ``Locator/href``), and an element id in it.
    /// An empty href means the resource the link sits in.
    case resource(href: String, fragment: String?)
    /// A place of this document given as a Locator (PDF destinations, resolved MOBI `filepos`).
    case locator(Locator)
    /// A URL outside the document (`https:`, `mailto:`, …), as written.
    case external(String)

    /// Classifies an href as written in markup: a URL with a scheme is external, anything else a
    /// resource path with an optional `#fragment` (neither percent-decoded nor resolved here).
    public static func parsing(_ href: String) -> LinkTarget {
        if URLReference.scheme(of: href) != nil { return .external(href) }
        guard let hash = href.firstIndex(of: "#") else { return .resource(href: href, fragment: nil) }
        let fragment = String(href[href.index(after: hash)...])
        return .resource(href: String(href[..<hash]), fragment: fragment.isEmpty ? nil : fragment)
    }
}

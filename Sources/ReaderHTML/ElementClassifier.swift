import ReaderXML

/// Decides the role of an element: page-break markers first, then hidden elements, then the
/// options' roles by name, then SVG tspans placed on their own, then the built-in roles (with
/// ARIA headings), else inline.
struct ElementClassifier {
    let overrides: [String: HTMLElementRole]

    func role(of element: MarkupElement, name: String) -> HTMLElementRole {
        let ariaRoles = Self.tokens(of: element.attribute("role"))
        if Self.epubTypes(of: element).contains("pagebreak") || ariaRoles.contains("doc-pagebreak") { return .pageBreak }
        if Self.isHidden(element) { return .hidden }
        if let role = overrides[name] { return role }
        // An SVG tspan with a position of its own starts a new line of the picture's text.
        if name == "tspan", element.attribute("x") != nil || element.attribute("y") != nil { return .block }
        let role = HTMLElementRole.standard(for: name)
        switch role {
        case .inline, .block, .paragraph:
            guard ariaRoles.contains("heading") else { return role }
            let level = element.attribute("aria-level").flatMap { Int($0.trimmed) } ?? 2
            return .heading(level: min(max(level, 1), 6))
        default:
            return role
        }
    }

    /// `epub:type="noteref"` or `role="doc-noteref"`.
    static func isNoteReference(_ element: MarkupElement) -> Bool {
        epubTypes(of: element).contains("noteref") || tokens(of: element.attribute("role")).contains("doc-noteref")
    }

    /// The `hidden` attribute, or an inline style with `display: none` or `visibility: hidden`.
    static func isHidden(_ element: MarkupElement) -> Bool {
        if element.attribute("hidden") != nil { return true }
        guard let style = element.attribute("style") else { return false }
        var compact = ""
        compact.reserveCapacity(style.utf8.count)
        for scalar in style.unicodeScalars where !scalar.properties.isWhitespace {
            compact.unicodeScalars.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
        }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }

    /// The tokens of `epub:type`, found through its namespace, or by its prefixed name in an XML
    /// document that forgot to declare the prefix (libxml2 then keeps `epub:type` as the name).
    static func epubTypes(of element: MarkupElement) -> [Substring] {
        tokens(of: element.attribute("type", namespace: MarkupNamespace.epubOPS) ?? element.attribute("epub:type"))
    }

    /// An attribute value split at ASCII whitespace.
    static func tokens(of value: String?) -> [Substring] {
        guard let value else { return [] }
        return value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
    }

    /// A link target: `href`, or SVG's `xlink:href`.
    static func linkTarget(of element: MarkupElement) -> String? {
        element.attribute("href") ?? element.attribute("href", namespace: MarkupNamespace.xlink)
    }

    /// An image source: `src` for `<img>`, `xlink:href` or `href` for SVG `<image>`.
    static func imageSource(of element: MarkupElement) -> String? {
        element.attribute("src") ?? element.attribute("href", namespace: MarkupNamespace.xlink)
            ?? element.attribute("href")
    }
}

extension String {
    /// The string without leading and trailing ASCII whitespace.
    var trimmed: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" || first == "\n" || first == "\r" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" || last == "\n" || last == "\r" { slice.removeLast() }
        return String(slice)
    }
}

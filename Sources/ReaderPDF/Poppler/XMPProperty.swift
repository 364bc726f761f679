import ReaderXML

/// Reads the values of one property of an `rdf:Description`, written either as an attribute
/// (`pdf:Producer="…"`) or as a child element holding text or an `rdf:Alt`, `rdf:Seq` or
/// `rdf:Bag` of `rdf:li` items.
struct XMPProperty {
    /// The `rdf:Description` element.
    let description: MarkupElement

    /// The property's values, in order, trimmed, blanks left out.
    func list(_ name: String, in namespace: String) -> [String] {
        if let attribute = description.attribute(name, namespace: namespace), let value = nonBlank(attribute) {
            return [value]
        }
        guard let element = description.firstElement(name, in: namespace) else { return [] }
        if let container = element.elements.first(where: { Self.isContainer($0) }) {
            return container.elements("li", in: XMPMetadata.Namespace.rdf).compactMap { nonBlank($0.normalizedText) }
        }
        return nonBlank(element.normalizedText).map { [$0] } ?? []
    }

    /// A language alternative: the `x-default` item of an `rdf:Alt`, else its first item, else
    /// the property's plain value.
    func alternative(_ name: String, in namespace: String) -> String? {
        if let element = description.firstElement(name, in: namespace),
           let container = element.elements.first(where: { Self.isContainer($0) }) {
            let items = container.elements("li", in: XMPMetadata.Namespace.rdf)
            let preferred = items.first { $0.attribute("lang", namespace: MarkupNamespace.xml) == "x-default" }
            if let value = (preferred ?? items.first).flatMap({ nonBlank($0.normalizedText) }) { return value }
        }
        return list(name, in: namespace).first
    }

    /// Whether `element` is an `rdf:Alt`, `rdf:Seq` or `rdf:Bag`.
    private static func isContainer(_ element: MarkupElement) -> Bool {
        ["Alt", "Seq", "Bag"].contains { element.is($0, in: XMPMetadata.Namespace.rdf) }
    }

    /// `text` with white space collapsed, or nil when nothing is left or what is left is the
    /// literal `()` Ghostscript writes for an empty Info string (an empty PDF string's syntax).
    private func nonBlank(_ text: String) -> String? {
        let collapsed = text.collapsingWhitespace()
        return collapsed.isEmpty || collapsed == "()" || collapsed == "( )" ? nil : collapsed
    }
}

import ReaderXML

/// Writes elements back as HTML text: lower-case names in HTML, void elements as `<br />`,
/// attribute values in double quotes, `&`, `<`, `>` and `"` escaped. Iterative, so deep nesting
/// costs no stack.
enum MarkupSerializer {
    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "command", "embed", "hr", "img", "input", "keygen", "link", "meta", "param",
        "source", "track", "wbr",
    ]

    /// The markup of an element's children.
    static func innerMarkup(of element: MarkupElement) -> String {
        write(children: element) { element in
            let name = element.name
            return (name, element.attributes.filter { !$0.name.hasPrefix("xmlns") }.map { (qualifiedName($0), $0.value) })
        }
    }

    /// The markup of `element`'s children; `describe` gives each element's name and attributes,
    /// or nil to leave the element out (and its content, which is then not visited). The tag of an
    /// element described with an empty name is left out, and its content kept. Written as bytes
    /// straight from libxml2's tree (``ReaderXML/MarkupElement/writeChildren(into:describe:)``).
    static func write(children element: MarkupElement,
                      describe: (MarkupElement) -> (name: String, attributes: [(String, String)])?) -> String {
        var output: [UInt8] = []
        element.writeChildren(into: &output) { child in
            guard let (name, attributes) = describe(child) else { return .omit }
            if name.isEmpty { return .unwrap }
            return .element(name: name, attributes: attributes, isVoid: voidElements.contains(name))
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func qualifiedName(_ attribute: (name: String, namespace: String?, value: String)) -> String {
        switch attribute.namespace {
        case MarkupNamespace.xml: "xml:" + attribute.name
        case MarkupNamespace.xlink: "xlink:" + attribute.name
        default: attribute.name
        }
    }
}

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
        var output = ""
        write(children: element, to: &output) { element in
            (element.name, element.attributes.filter { !$0.name.hasPrefix("xmlns") }.map { (qualifiedName($0), $0.value) })
        }
        return output
    }

    /// Writes `element`'s children; `describe` gives each element's name and attributes, or nil
    /// to leave the element out (and its content, which is then not visited). The tag of an
    /// element described with an empty name is left out, and its content kept.
    static func write(children element: MarkupElement, to output: inout String,
                      describe: (MarkupElement) -> (name: String, attributes: [(String, String)])?) {
        var stack: [(children: [MarkupNode], next: Int, closing: String?)] = [(element.children, 0, nil)]
        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].children.count else {
                if let closing = stack.removeLast().closing { output += "</\(closing)>" }
                continue
            }
            let child = stack[top].children[stack[top].next]
            stack[top].next += 1
            switch child {
            case .text(let text):
                escapeText(text, into: &output)
            case .element(let child):
                guard let (name, attributes) = describe(child) else { continue }
                if name.isEmpty {
                    stack.append((child.children, 0, nil))
                    continue
                }
                output += "<" + name
                for (attribute, value) in attributes {
                    output += " \(attribute)=\""
                    escapeAttribute(value, into: &output)
                    output += "\""
                }
                if voidElements.contains(name) {
                    output += " />"
                } else {
                    output += ">"
                    stack.append((child.children, 0, name))
                }
            }
        }
    }

    static func qualifiedName(_ attribute: (name: String, namespace: String?, value: String)) -> String {
        switch attribute.namespace {
        case MarkupNamespace.xml: "xml:" + attribute.name
        case MarkupNamespace.xlink: "xlink:" + attribute.name
        default: attribute.name
        }
    }

    static func escapeText(_ text: String, into output: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    static func escapeAttribute(_ text: String, into output: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}

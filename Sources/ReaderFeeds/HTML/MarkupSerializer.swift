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
        escape(text, into: &output, quotes: false)
    }

    static func escapeAttribute(_ text: String, into output: inout String) {
        escape(text, into: &output, quotes: true)
    }

    /// Appends `text` with `&`, `<`, `>` (and `"`) escaped, copying the runs between them whole.
    private static func escape(_ text: String, into output: inout String, quotes: Bool) {
        let special: (UInt8) -> Bool = { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            || (quotes && $0 == UInt8(ascii: "\"")) }
        guard text.utf8.contains(where: special) else {
            output += text
            return
        }
        var copy = text
        copy.withUTF8 { bytes in
            var runStart = 0
            for index in bytes.indices {
                let replacement: String
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): guard quotes else { continue }; replacement = "&quot;"
                default: continue
                }
                if runStart < index { output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self) }
                output += replacement
                runStart = index + 1
            }
            if runStart < bytes.count {
                output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self)
            }
        }
    }
}

import ReaderXML

extension WebNode {
    /// Copies a parsed element and its subtree into a mutable tree.
    static func build(from element: MarkupElement) -> WebNode {
        let node = WebNode(element: element.name, attributes: element.attributes.map { ($0.name, $0.value) })
        element.forEachChild { child in
            switch child {
            case .text(let text):
                if let last = node.children.last, last.isText { last.text += text } else { node.append(WebNode(text: text)) }
            case .element(let child):
                node.append(build(from: child))
            }
        }
        return node
    }

}

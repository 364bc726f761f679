import ReaderXML

extension WebNode {
    /// Copies a parsed element and its subtree into a mutable tree.
    static func build(from element: MarkupElement) -> WebNode {
        let node = WebNode(element: element.name, attributes: element.attributeValues)
        element.forEachChild { child in
            switch child {
            case .text(let text):
                if let last = node.children.last, last.isText { last.text += text } else { node.appendBuilt(WebNode(text: text)) }
            case .element(let child):
                node.appendBuilt(build(from: child))
            }
        }
        return node
    }

}

import ReaderXML

extension WebNode {
    /// Copies a parsed element and its subtree into a mutable tree.
    /// - Parameter skippingUnread: leave out what ``PageCleaning`` removes (below the element
    ///   itself), without copying it first: the same tree as copying everything, then cleaning.
    static func build(from element: MarkupElement, skippingUnread: Bool = false) -> WebNode {
        let node = WebNode(element: element.name, attributes: element.attributeValues)
        node.copyChildren(of: element, skippingUnread: skippingUnread)
        return node
    }

    private func copyChildren(of element: MarkupElement, skippingUnread: Bool) {
        // Text next to text (character data split by libxml2) becomes one node; text on either
        // side of an element left out stays two, as removing the element from the tree leaves them.
        var extendsText = false
        element.forEachChild { child in
            switch child {
            case .text(let text):
                if extendsText, let last = children.last { last.text += text } else { appendBuilt(WebNode(text: text)) }
                extendsText = true
            case .element(let childElement):
                extendsText = false
                let copy = WebNode(element: childElement.name, attributes: childElement.attributeValues)
                if skippingUnread, PageCleaning.isUnread(copy) { return }
                copy.copyChildren(of: childElement, skippingUnread: skippingUnread)
                appendBuilt(copy)
            }
        }
    }

}

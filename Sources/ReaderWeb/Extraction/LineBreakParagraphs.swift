/// Two or more `<br>` in a row (white space between them aside) end a paragraph: the chain is
/// replaced by a `<p>` holding the phrasing content that follows, up to the next chain. Pages
/// that lay text out with line breaks instead of paragraphs then score as paragraphs.
enum LineBreakParagraphs {
    static func apply(to root: WebNode) {
        for lineBreak in root.descendants(named: ["br"]) where lineBreak.parent != nil {
            var next = skippingWhitespace(lineBreak.nextSibling)
            var replaced = false
            while let current = next, current.name == "br" {
                replaced = true
                let after = current.nextSibling
                current.detach()
                next = skippingWhitespace(after)
            }
            guard replaced, let parent = lineBreak.parent else { continue }
            let paragraph = WebNode(element: "p")
            lineBreak.replace(with: paragraph)
            var sibling = paragraph.nextSibling
            while let current = sibling {
                if current.name == "br", skippingWhitespace(current.nextSibling)?.name == "br" { break }
                guard Attempt.isPhrasing(current) else { break }
                let following = current.nextSibling
                paragraph.append(current)
                sibling = following
            }
            while let last = paragraph.children.last, last.isWhitespace { last.detach() }
            if parent.name == "p" { parent.name = "div" }
        }
    }

    private static func skippingWhitespace(_ node: WebNode?) -> WebNode? {
        var node = node
        while let current = node, current.isText, current.text.unicodeScalars.allSatisfy(\.isCollapsibleSpace) { node = current.nextSibling }
        return node
    }
}

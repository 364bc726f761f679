/// The image links of a parsed Markdown tree.
enum MarkdownImageLinks {
    /// Every image destination, as written, in document order, each once.
    static func links(in root: MarkdownNode) -> [String] {
        var seen = Set<String>()
        var links: [String] = []
        var stack = [root]
        while let node = stack.popLast() {
            if case .image(let url) = node.kind, !url.isEmpty, seen.insert(url).inserted { links.append(url) }
            stack.append(contentsOf: node.children.reversed())
        }
        return links
    }
}

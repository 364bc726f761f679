/// What the conditional cleaning of ``ArticleCleaner`` counts in a subtree, gathered in one walk
/// over its elements (each of the counts once took a walk of its own, for every element judged).
/// Text lengths of nested matches add up as separate queries would have added them: a list inside
/// a list counts twice.
struct SubtreeCounts {
    var paragraphs = 0
    var images = 0
    var listItems = 0
    var inputs = 0
    var embeds = 0
    /// The text length of `ul` and `ol` descendants.
    var listTextLength = 0
    /// The text length of headings.
    var headingTextLength = 0
    /// The text length of the elements ``ArticleCleaner`` counts as holding text.
    var contentTextLength = 0
    /// The text length of links, a link to a fragment of the page counting 0.3 (in document
    /// order, as ``WebNode/linkDensity`` adds them).
    var linkTextLength = 0.0

    private static let headings: [String] = ["h1", "h2", "h3", "h4", "h5", "h6"]
    private static let content: [String] = ["span", "li", "td", "blockquote", "dl", "div", "img", "ol", "p", "pre", "table", "ul"]

    init(of node: WebNode) {
        add(node)
    }

    private mutating func add(_ node: WebNode) {
        for child in node.children where child.isElement {
            let name = child.name
            switch name {
            case "p": paragraphs += 1
            case "img": images += 1
            case "li": listItems += 1
            case "input": inputs += 1
            case "object", "embed", "iframe": embeds += 1
            case "a":
                let weight = (child.attribute("href") ?? "").hasPrefix("#") ? 0.3 : 1
                linkTextLength += Double(child.textLength) * weight
            default: break
            }
            if name == "ul" || name == "ol" { listTextLength += child.textLength }
            if Self.headings.contains(name) { headingTextLength += child.textLength }
            if Self.content.contains(name) { contentTextLength += child.textLength }
            add(child)
        }
    }
}

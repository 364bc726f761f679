/// A node of the mutable tree article extraction works on: libxml2's tree is read-only, and
/// extraction removes, moves and renames elements the way a reading mode does.
///
/// Element names are lower case (the HTML parser's); a text node has the name `#text`.
final class WebNode {
    /// The element name, or `#text`.
    var name: String {
        didSet { groups = ElementGroups(name: name) }
    }
    /// The ``ExtractionHints`` groups of ``name``.
    private(set) var groups: ElementGroups
    /// Whether this is a text node (the name never changes into or out of `#text`).
    let isText: Bool
    /// The text of a text node ("" for an element).
    var text: String {
        didSet { forgetTextSummary() }
    }
    /// The attributes, in document order (names lower case as the HTML parser gives them).
    var attributes: [(name: String, value: String)]
    /// The children, in document order.
    private(set) var children: [WebNode] = []
    /// The parent, nil for the root or a detached node. `unowned`, not `weak`: a weak reference
    /// gives every node a side table and made retain and release the costliest part of extraction;
    /// a parent always outlives its children's use of it (a detached node's parent is cleared).
    private(set) unowned var parent: WebNode?
    /// The extraction score, once the node was initialised as a candidate.
    var score: Double?
    /// Whether the table holds data (not layout), as extraction judged it.
    var isDataTable = false
    /// The subtree's ``TextSummary`` once computed; extraction asks for text lengths of the same
    /// subtrees again and again. Every change to the subtree clears it here and up the ancestors
    /// (a node with a summary has one in every descendant, so the clearing stops at the first
    /// node without).
    private var cachedSummary: TextSummary?
    /// ``hints`` once worked out (only `class` and `id` count: ``setAttribute(_:_:)`` clears it for those).
    private var cachedHints: ElementHints?
    /// ``isProbablyVisible`` once worked out (cleared when an attribute it reads changes).
    private var cachedVisibility: Bool?

    /// An element.
    init(element name: String, attributes: [(name: String, value: String)] = []) {
        self.name = name
        self.groups = ElementGroups(name: name)
        self.isText = false
        self.text = ""
        self.attributes = attributes
    }

    /// A text node.
    init(text: String) {
        self.name = "#text"
        self.groups = Self.textGroups
        self.isText = true
        self.text = text
        self.attributes = []
    }

    private static let textGroups = ElementGroups(name: "#text")

    var isElement: Bool { !isText }

    /// Whether the element may be seen (``Attempt/isProbablyVisible(_:)``), worked out on first use:
    /// the page's cleaning asks, then every extraction attempt.
    var isProbablyVisible: Bool {
        if let cachedVisibility { return cachedVisibility }
        let visible = Attempt.isProbablyVisible(self)
        cachedVisibility = visible
        return visible
    }

    /// What the class and id say, worked out on first use.
    var hints: ElementHints {
        if let cachedHints { return cachedHints }
        let hints = ElementHints(class: attribute("class"), id: attribute("id"))
        cachedHints = hints
        return hints
    }

    /// The value of an attribute.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// Sets (or, with nil, removes) an attribute.
    func setAttribute(_ name: String, _ value: String?) {
        attributes.removeAll { $0.name == name }
        if let value { attributes.append((name, value)) }
        if name == "class" || name == "id" { cachedHints = nil }
        if name == "style" || name == "hidden" || name == "aria-hidden" || name == "class" { cachedVisibility = nil }
    }

    /// The child elements.
    var elementChildren: [WebNode] { children.filter(\.isElement) }

    /// Appends a child, taking it from its former parent.
    func append(_ child: WebNode) {
        child.detach()
        child.parent = self
        children.append(child)
        forgetTextSummary()
    }

    /// Appends a child made for this node (no parent yet) to a tree being built (no text summary yet).
    func appendBuilt(_ child: WebNode) {
        child.parent = self
        children.append(child)
    }

    /// Inserts a child at an index, taking it from its former parent.
    func insert(_ child: WebNode, at index: Int) {
        child.detach()
        child.parent = self
        children.insert(child, at: min(index, children.count))
        forgetTextSummary()
    }

    /// Removes the node from its parent.
    func detach() {
        guard let parent else { return }
        if let index = parent.children.firstIndex(where: { $0 === self }) { parent.children.remove(at: index) }
        parent.forgetTextSummary()
        self.parent = nil
    }

    /// Puts `other` where this node is; this node leaves the tree.
    func replace(with other: WebNode) {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else { return }
        other.detach()
        parent.children[index] = other
        other.parent = parent
        parent.forgetTextSummary()
        self.parent = nil
    }

    /// Removes every child and returns them.
    func takeChildren() -> [WebNode] {
        let taken = children
        for child in taken { child.parent = nil }
        children = []
        forgetTextSummary()
        return taken
    }

    /// Replaces the node by its children.
    func unwrap() {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else { return }
        let moved = takeChildren()
        parent.children.remove(at: index)
        for child in moved { child.parent = parent }
        parent.children.insert(contentsOf: moved, at: index)
        parent.forgetTextSummary()
        self.parent = nil
    }

    /// The ``TextSummary`` of the subtree's text, from the cache when it is there.
    var textSummary: TextSummary {
        if let cachedSummary { return cachedSummary }
        var counter = CollapsedLength()
        if isText {
            counter.feed(text)
        } else {
            for child in children { counter.feed(child.textSummary) }
        }
        let summary = counter.summary
        cachedSummary = summary
        return summary
    }

    /// Clears the cached summary here and in every ancestor that has one.
    private func forgetTextSummary() {
        var node: WebNode? = self
        while let current = node, current.cachedSummary != nil {
            current.cachedSummary = nil
            node = current.parent
        }
    }

    /// The next sibling element.
    var nextElementSibling: WebNode? {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }) else { return nil }
        return parent.children[(index + 1)...].first(where: \.isElement)
    }

    /// The next sibling node of any kind.
    var nextSibling: WebNode? {
        guard let parent, let index = parent.children.firstIndex(where: { $0 === self }), index + 1 < parent.children.count else { return nil }
        return parent.children[index + 1]
    }

    /// The ancestors, nearest first, at most `limit` of them (0: all).
    func ancestors(limit: Int = 0) -> [WebNode] {
        var result: [WebNode] = []
        var node = parent
        while let current = node, limit == 0 || result.count < limit {
            result.append(current)
            node = current.parent
        }
        return result
    }

    /// Whether an ancestor has the name (within `maxDepth` levels; 0: any), and passes `filter`.
    func hasAncestor(_ name: String, maxDepth: Int = 3, where filter: ((WebNode) -> Bool)? = nil) -> Bool {
        var depth = 0
        var node = parent
        while let current = node {
            if maxDepth > 0, depth >= maxDepth { return false }
            if current.name == name, filter?(current) ?? true { return true }
            node = current.parent
            depth += 1
        }
        return false
    }

    /// Every descendant element named `name` (any of `names`), in document order.
    func descendants(named names: [String]) -> [WebNode] {
        var result: [WebNode] = []
        if names.count == 1 { collect(named: names[0], into: &result) } else { collect(names, into: &result) }
        return result
    }

    // The names are few and short: comparing them one by one costs less than hashing each node's name.
    private func collect(_ names: [String], into result: inout [WebNode]) {
        for child in children where child.isElement {
            if names.contains(child.name) { result.append(child) }
            child.collect(names, into: &result)
        }
    }

    private func collect(named name: String, into result: inout [WebNode]) {
        for child in children where child.isElement {
            if child.name == name { result.append(child) }
            child.collect(named: name, into: &result)
        }
    }

    /// Every descendant element, in document order.
    var allDescendantElements: [WebNode] {
        var result: [WebNode] = []
        var stack: [WebNode] = children.reversed().filter(\.isElement)
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: node.children.reversed().filter(\.isElement))
        }
        return result
    }

    /// The element that follows in document order: the first child (unless `skippingChildren`),
    /// else the next sibling element, else the next sibling element of the nearest ancestor having one.
    func nextInDocument(skippingChildren: Bool = false) -> WebNode? {
        if !skippingChildren, let first = children.first(where: \.isElement) { return first }
        var node: WebNode? = self
        while let current = node {
            if let next = current.nextElementSibling { return next }
            node = current.parent
        }
        return nil
    }
}

/// Builds a nested table of contents from headings met in reading order: a heading nests under
/// the nearest earlier heading of a smaller level.
public struct TOCBuilder: Sendable {
    private struct Node {
        var entry: TOCEntry
        var level: Int
    }

    private var roots: [TOCEntry] = []
    private var stack: [Node] = []

    /// Creates an empty builder.
    public init() {}

    /// Adds a heading of `level` (1 = outermost).
    public mutating func add(title: String, level: Int, locator: Locator) {
        while let last = stack.last, last.level >= level { pop() }
        stack.append(Node(entry: TOCEntry(title: title, locator: locator), level: level))
    }

    /// The finished, nested entries.
    public var entries: [TOCEntry] {
        var copy = self
        while !copy.stack.isEmpty { copy.pop() }
        return copy.roots
    }

    private mutating func pop() {
        let node = stack.removeLast()
        if stack.isEmpty { roots.append(node.entry) } else { stack[stack.count - 1].entry.children.append(node.entry) }
    }
}

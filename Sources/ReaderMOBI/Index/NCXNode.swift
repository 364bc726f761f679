/// An NCX entry with its children: the nested form of a table of contents.
struct NCXNode: Hashable, Sendable {
    /// The most levels the tree keeps; deeper entries become siblings of their parent.
    static let maxDepth = 32

    /// The entry.
    let entry: NCXEntry
    /// The entries whose parent it is, in index order.
    let children: [NCXNode]

    /// Creates a node.
    init(entry: NCXEntry, children: [NCXNode] = []) {
        self.entry = entry
        self.children = children
    }

    /// Nests `entries` by their parent indices, without recursion.
    ///
    /// A parent must come earlier in the index (writers emit the NCX level by level), so a
    /// parent index that is out of range, the entry itself or a later entry makes the entry
    /// top-level; that rule also rules out cycles. Entries that would sit deeper than ``maxDepth``
    /// are attached to their nearest ancestor at that depth.
    static func tree(_ entries: [NCXEntry]) -> [NCXNode] {
        var parentOf = [Int?](repeating: nil, count: entries.count)
        var levelOf = [Int](repeating: 0, count: entries.count)
        var childrenOf = [[Int]](repeating: [], count: entries.count)
        var roots: [Int] = []
        for index in entries.indices {
            guard var parent = entries[index].parent, parent >= 0, parent < index else {
                roots.append(index)
                continue
            }
            while levelOf[parent] >= maxDepth, let up = parentOf[parent] { parent = up }
            parentOf[index] = parent
            levelOf[index] = levelOf[parent] + 1
            childrenOf[parent].append(index)
        }
        // Children always come after their parent, so building from the end finds them built.
        var built = [NCXNode?](repeating: nil, count: entries.count)
        for index in entries.indices.reversed() {
            let children = childrenOf[index].compactMap { built[$0] }
            for child in childrenOf[index] { built[child] = nil }
            built[index] = NCXNode(entry: entries[index], children: children)
        }
        return roots.compactMap { built[$0] }
    }

    /// This node and its descendants in reading order, without recursion.
    var flattened: [NCXEntry] {
        var result: [NCXEntry] = []
        var stack: [NCXNode] = [self]
        while let node = stack.popLast() {
            result.append(node.entry)
            stack.append(contentsOf: node.children.reversed())
        }
        return result
    }
}

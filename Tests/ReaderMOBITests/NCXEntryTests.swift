import Testing
@testable import ReaderMOBI

@Suite("NCX entries and tree")
struct NCXEntryTests {
    /// An NCX entry with just an index, a parent and a depth.
    static func entry(_ index: Int, parent: Int?, depth: Int = 0) -> NCXEntry {
        NCXEntry(index: index, label: String(index), title: "T\(index)", depth: depth, parent: parent, firstChild: nil,
                 lastChild: nil, filePosition: index * 10, length: nil, kindlePosition: nil, kind: nil)
    }

    @Test("reads titles, depths, parents and KF8 positions from an NCX index")
    func fromIndex() throws {
        let index = try MOBIIndexBuilder.read(MOBIIndexTests.sampleBuilder().records)
        let entries = NCXEntry.entries(from: index)
        #expect(entries.map(\.title) == ["One", "Two", "Two point one", "Three", "Ünïcödé ’quotes’"])
        #expect(entries.map(\.depth) == [0, 0, 1, 0, 0])
        #expect(entries.map(\.parent) == [nil, nil, 1, nil, nil])
        #expect(entries[1].firstChild == 2 && entries[1].lastChild == 2)
        #expect(entries[3].filePosition == 3000)
        #expect(entries[4].kindlePosition == KindlePosition(fragmentIndex: 4, offset: 28))
        let tree = NCXNode.tree(entries)
        #expect(tree.map(\.entry.title) == ["One", "Two", "Three", "Ünïcödé ’quotes’"])
        #expect(tree[1].children.map(\.entry.title) == ["Two point one"])
        #expect(tree.flatMap(\.flattened).map(\.index) == [0, 1, 2, 3, 4])
    }

    @Test("nests by parent index in index order")
    func nesting() {
        let entries = [Self.entry(0, parent: nil), Self.entry(1, parent: nil), Self.entry(2, parent: 0, depth: 1),
                       Self.entry(3, parent: 0, depth: 1), Self.entry(4, parent: 1, depth: 1), Self.entry(5, parent: 3, depth: 2)]
        let tree = NCXNode.tree(entries)
        #expect(tree.map(\.entry.index) == [0, 1])
        #expect(tree[0].children.map(\.entry.index) == [2, 3])
        #expect(tree[0].children[1].children.map(\.entry.index) == [5])
        #expect(tree.flatMap(\.flattened).map(\.index) == [0, 2, 3, 5, 1, 4])
    }

    @Test("bad parents make top-level entries; cycles cannot form")
    func badParents() {
        let entries = [Self.entry(0, parent: 1), Self.entry(1, parent: 0), Self.entry(2, parent: 2),
                       Self.entry(3, parent: 99), Self.entry(4, parent: -1), Self.entry(5, parent: 4)]
        let tree = NCXNode.tree(entries)
        #expect(tree.map(\.entry.index) == [0, 2, 3, 4])
        #expect(tree[0].children.map(\.entry.index) == [1])
        #expect(tree[3].children.map(\.entry.index) == [5])
        #expect(tree.flatMap(\.flattened).count == entries.count)
    }

    @Test("a deep chain is capped in depth and loses no entry")
    func deepChain() {
        let entries = (0..<5000).map { Self.entry($0, parent: $0 == 0 ? nil : $0 - 1) }
        let tree = NCXNode.tree(entries)
        #expect(tree.count == 1)
        #expect(tree[0].flattened.count == 5000)
        var depth = 0
        var node = tree[0]
        while let child = node.children.first {
            depth += 1
            node = child
        }
        #expect(depth == NCXNode.maxDepth)
    }
}

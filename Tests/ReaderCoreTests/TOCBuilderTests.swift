import ReaderCore
import Testing

@Suite struct TOCBuilderTests {
    private let here = Locator(href: "x", type: "text/plain")

    @Test func nestsByLevel() {
        var builder = TOCBuilder()
        builder.add(title: "Part One", level: 1, locator: here)
        builder.add(title: "Chapter 1", level: 2, locator: here)
        builder.add(title: "Section", level: 3, locator: here)
        builder.add(title: "Chapter 2", level: 2, locator: here)
        builder.add(title: "Part Two", level: 1, locator: here)
        builder.add(title: "Orphan deep", level: 4, locator: here)
        let entries = builder.entries
        #expect(entries.map(\.title) == ["Part One", "Part Two"])
        #expect(entries[0].children.map(\.title) == ["Chapter 1", "Chapter 2"])
        #expect(entries[0].children[0].children.map(\.title) == ["Section"])
        #expect(entries[1].children.map(\.title) == ["Orphan deep"])
        #expect(entries.reduce(0) { $0 + $1.count } == 6)
    }
}

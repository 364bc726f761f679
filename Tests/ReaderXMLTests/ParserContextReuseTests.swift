import ReaderXML
import Testing

/// Parser contexts are kept between parses: a document read with one stays whole while others
/// are read, on this thread and on others, and freed on any thread.
@Suite("Parser contexts kept between parses")
struct ParserContextReuseTests {
    static func document(_ index: Int) -> [UInt8] {
        // Names and short texts of their own, which go into the context's dictionary.
        Array("<root-\(index) a\(index)=\"v\(index)\"><item-\(index)>t\(index)</item-\(index)><p>x\(index)</p></root-\(index)>".utf8)
    }

    /// The document's own root (inside `html` and `body` when read as HTML), its attributes and children.
    static func reading(_ document: MarkupDocument, _ index: Int) -> String {
        let name = "root-\(index)"
        guard let root = document.root?.name == name ? document.root : document.root?.descendants(name).first else { return "no root" }
        let attributes = root.attributes.map { "\($0.name)=\($0.value)" }.joined()
        return root.name + attributes + root.elements.map { "<\($0.name)>\($0.text)" }.joined()
    }

    @Test("documents kept alive read the same while many others are read and freed")
    func keptDocuments() throws {
        var kept: [(Int, MarkupDocument)] = []
        for index in 0..<200 {
            let syntax: MarkupDocument.Syntax = index.isMultiple(of: 3) ? .html : .xml
            let document = try MarkupDocument.parse(Self.document(index), syntax: syntax, name: "d\(index)")
            if index.isMultiple(of: 7) { kept.append((index, document)) }
        }
        for (index, document) in kept {
            #expect(Self.reading(document, index) == "root-\(index)a\(index)=v\(index)<item-\(index)>t\(index)<p>x\(index)", "\(index)")
        }
    }

    @Test("documents read on one thread, read and freed on others, while others parse")
    func acrossThreads() async throws {
        let readings = try await withThrowingTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var documents: [(Int, MarkupDocument)] = []
                    for round in 0..<100 {
                        let index = task * 1000 + round
                        documents.append((index, try MarkupDocument.parse(Self.document(index), syntax: round.isMultiple(of: 2) ? .xml : .html,
                                                                           name: "t\(index)")))
                        // Some parsed with an error, which gives the context straight back.
                        _ = try? MarkupDocument.parse(Array("<a><b></a>".utf8), syntax: .xml, name: "bad")
                    }
                    return documents.map { index, document in
                        Self.reading(document, index) == "root-\(index)a\(index)=v\(index)<item-\(index)>t\(index)<p>x\(index)" ? "ok" : "\(index)"
                    }
                }
            }
            return try await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(readings.count == 800)
        #expect(readings.allSatisfy { $0 == "ok" })
    }
}

import ReaderXML

/// Parses the bytes with each syntax and reads every node of each tree once.
enum TreeWalk {
    static func parseAndWalk(_ bytes: [UInt8]) {
        for syntax in [MarkupDocument.Syntax.xml, .html] {
            guard let document = try? MarkupDocument.parse(bytes, syntax: syntax, name: "fuzz") else { continue }
            _ = document.warnings
            guard let root = document.root else { continue }
            walk(root)
            _ = root.normalizedText
        }
        _ = try? MarkupDocument.parseXMLOrHTML(bytes, name: "fuzz")
    }

    /// Depth-first with an explicit stack; each element's name, namespace, attributes and id.
    private static func walk(_ root: MarkupElement) {
        var stack = [root]
        while let element = stack.popLast() {
            _ = element.name
            _ = element.namespace
            _ = element.attributes
            _ = element.id
            _ = element.line
            _ = element.parent?.name
            element.forEachChild { child in
                if case .element(let child) = child { stack.append(child) }
            }
        }
    }
}

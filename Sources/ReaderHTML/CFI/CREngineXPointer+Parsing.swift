import ReaderXML

extension CREngineXPointer {
    /// The CFI path, inside the content document whose root is `root`, of crengine's XPointer
    /// path below `<body>` (`/div[1]/p[5]/text()[1].34`, as ``path(of:in:)`` writes it): the
    /// element steps and, with a text step, the step of the text node and the UTF-16 offset in it
    /// (`/4/2/10/1:34`). Nil when a step names no child or the text does not parse.
    public static func cfiPath(ofPath path: String, in root: MarkupElement) -> String? {
        guard let bodyIndex = root.elements.firstIndex(where: { $0.name.lowercased() == "body" }) else { return nil }
        var current = root.elements[bodyIndex]
        var cfi = "/\(2 * (bodyIndex + 1))"
        for step in path.split(separator: "/") {
            if step.hasPrefix("text()") {
                guard let (index, offset) = textStep(step), let place = textNode(index, in: current, scalarOffset: offset)
                else { return nil }
                return cfi + "/\(2 * place.elementsBefore + 1):\(place.utf16Offset)"
            }
            guard let open = step.firstIndex(of: "["), step.hasSuffix("]"),
                  let number = Int(step[step.index(after: open)..<step.index(before: step.endIndex)]), number >= 1 else {
                return nil
            }
            let name = step[..<open].lowercased()
            var seen = 0
            guard let position = current.elements.firstIndex(where: { element in
                guard element.name.lowercased() == name else { return false }
                seen += 1
                return seen == number
            }) else { return nil }
            cfi += "/\(2 * (position + 1))"
            current = current.elements[position]
        }
        return cfi
    }

    /// `text()[2].15` or `text().15`: the text node's 1-based index (1 when not given) and the offset.
    private static func textStep(_ step: Substring) -> (index: Int, offset: Int)? {
        var rest = step.dropFirst("text()".count)
        var index = 1
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            guard let number = Int(rest[rest.index(after: rest.startIndex)..<close]) else { return nil }
            index = number
            rest = rest[rest.index(after: close)...]
        }
        if rest.isEmpty { return (index, 0) }
        guard rest.hasPrefix("."), let offset = Int(rest.dropFirst()), offset >= 0 else { return nil }
        return (index, offset)
    }

    /// The `index`-th text run that is not only white space: how many child elements come before
    /// it, and `scalarOffset` scalars into it in UTF-16 units.
    private static func textNode(_ index: Int, in parent: MarkupElement,
                                 scalarOffset: Int) -> (elementsBefore: Int, utf16Offset: Int)? {
        var found: (elementsBefore: Int, text: String)?
        var run: String?
        var elements = 0
        var counted = 0
        func closeRun() {
            guard let finished = run else { return }
            run = nil
            guard found == nil, !finished.unicodeScalars.allSatisfy({ " \n\t\r".unicodeScalars.contains($0) }) else { return }
            counted += 1
            if counted == index { found = (elements, finished) }
        }
        parent.forEachChild { node in
            switch node {
            case .text(let text): run = (run ?? "") + text
            case .element:
                closeRun()
                elements += 1
            }
        }
        closeRun()
        guard let found else { return nil }
        let scalars = found.text.unicodeScalars.prefix(scalarOffset)
        return (found.elementsBefore, scalars.reduce(0) { $0 + ($1.value > 0xFFFF ? 2 : 1) })
    }
}

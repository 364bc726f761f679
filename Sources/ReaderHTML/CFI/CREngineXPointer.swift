import ReaderXML

/// The path of a text position as KOReader's crengine writes it inside one content document's
/// `<body>`: `/div[1]/p[5]/text()[1].34`, each element named with its 1-based index among
/// siblings of the same name, then the text node (counting those that are not only white space,
/// which crengine drops) and the offset in Unicode scalars.
public enum CREngineXPointer {
    /// The path below `<body>` of a CFI position in `root` (the `<html>` element); nil when the
    /// position's first step is not the body or a step names no child.
    public static func path(of position: CFIContentPosition, in root: MarkupElement) -> String? {
        guard let first = position.steps.first, first.index % 2 == 0,
              let body = element(at: first.index / 2, in: root), body.name.lowercased() == "body" else { return nil }
        var current = body
        var path = ""
        for step in position.steps.dropFirst() {
            if step.index % 2 == 0 {
                guard let child = element(at: step.index / 2, in: current) else { return nil }
                let name = child.name.lowercased()
                let index = current.elements.prefix(step.index / 2).filter { $0.name.lowercased() == name }.count
                path += "/\(name)[\(index)]"
                current = child
            } else {
                guard let text = textNode(before: step.index / 2, in: current, offset: position.characterOffset) else {
                    return nil
                }
                return path + "/text()[\(text.index)].\(text.scalarOffset)"
            }
        }
        return path
    }

    /// The n-th (1-based) child element.
    private static func element(at number: Int, in parent: MarkupElement) -> MarkupElement? {
        let elements = parent.elements
        return number >= 1 && number <= elements.count ? elements[number - 1] : nil
    }

    /// The text run after the `elementsBefore`-th child element: its 1-based index among the runs
    /// that are not only white space, and `offset` UTF-16 units into it counted in scalars.
    private static func textNode(before elementsBefore: Int, in parent: MarkupElement,
                                 offset: Int) -> (index: Int, scalarOffset: Int)? {
        var runs: [String] = []
        var run: String?
        var elements = 0
        var target: String?
        var targetIndex = 0
        func closeRun() {
            guard let finished = run else { return }
            if elements == elementsBefore, target == nil {
                target = finished
                targetIndex = runs.filter { !isBlank($0) }.count + 1
            }
            runs.append(finished)
            run = nil
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
        guard let target else { return nil }
        let units = Array(target.utf16.prefix(max(0, offset)))
        return (targetIndex, String(decoding: units, as: UTF16.self).unicodeScalars.count)
    }

    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
    }
}

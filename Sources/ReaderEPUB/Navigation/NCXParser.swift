import ReaderXML

/// Reads an EPUB 2 NCX: the `navMap` (table of contents) and the `pageList`.
enum NCXParser {
    /// Parses the NCX at container path `path`.
    static func parse(_ document: MarkupDocument, path: String) -> Navigation {
        var navigation = Navigation()
        guard let root = document.root else { return navigation }
        if let map = root.firstElement("navMap") {
            navigation.toc = points(in: map, named: "navPoint", path: path)
        }
        if let pages = root.firstElement("pageList") {
            navigation.pageList = points(in: pages, named: "pageTarget", path: path)
        }
        return navigation
    }

    private static func points(in parent: MarkupElement, named name: String, path: String) -> [NavigationEntry] {
        // Document order, as calibre reads it; playOrder is often wrong in the wild.
        parent.elements(name).compactMap { point in
            let title = point.firstElement("navLabel")?.firstElement("text")?.normalizedText ?? ""
            let target = point.firstElement("content")?.attribute("src")
                .flatMap { ResourcePath.resolve($0, relativeTo: path) }
            let children = points(in: point, named: name, path: path)
            guard !title.isEmpty || target != nil || !children.isEmpty else { return nil }
            return NavigationEntry(title: title.isEmpty ? (point.attribute("value") ?? "") : title,
                                   target: target, children: children)
        }
    }
}

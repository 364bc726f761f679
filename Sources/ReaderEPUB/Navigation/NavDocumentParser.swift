import ReaderXML

/// Reads an EPUB 3 navigation document: the `toc`, `page-list` and `landmarks` navs.
enum NavDocumentParser {
    /// Parses the navigation document at container path `path`.
    static func parse(_ document: MarkupDocument, path: String) -> Navigation {
        var navigation = Navigation()
        guard let root = document.root else { return navigation }
        for nav in root.descendants("nav") {
            let type = PackageParser.tokens(nav.attribute("type", namespace: MarkupNamespace.epubOPS))
                .union(PackageParser.tokens(nav.attribute("role")).map { $0.replacingOccurrences(of: "doc-", with: "") })
            guard let list = nav.firstElement("ol") ?? nav.descendants("ol").first else { continue }
            if type.contains("toc"), navigation.toc.isEmpty {
                navigation.toc = entries(of: list, path: path)
            } else if type.contains("page-list"), navigation.pageList.isEmpty {
                navigation.pageList = entries(of: list, path: path)
            } else if type.contains("landmarks"), navigation.landmarks.isEmpty {
                navigation.landmarks = landmarks(in: list, path: path)
            }
        }
        return navigation
    }

    /// The entries of an `<ol>`: each `<li>` holds an `<a>` (or a `<span>` heading) and maybe a nested `<ol>`.
    private static func entries(of list: MarkupElement, path: String) -> [NavigationEntry] {
        list.elements("li").compactMap { item in
            let label = item.firstElement("a") ?? item.firstElement("span")
            let children = item.firstElement("ol").map { entries(of: $0, path: path) } ?? []
            let title = label.map(title(of:)) ?? ""
            let target = label?.attribute("href").flatMap { ResourcePath.resolve($0, relativeTo: path) }
            guard !title.isEmpty || !children.isEmpty else { return nil }
            return NavigationEntry(title: title, target: target, children: children)
        }
    }

    /// The label text, or its `title` attribute (or an image's alt) when it has no text.
    private static func title(of label: MarkupElement) -> String {
        if let text = label.normalizedText.nonEmpty { return text }
        if let title = label.attribute("title")?.collapsingWhitespace().nonEmpty { return title }
        return label.descendants("img").first?.attribute("alt")?.collapsingWhitespace() ?? ""
    }

    private static func landmarks(in list: MarkupElement, path: String) -> [PackageDocument.Reference] {
        list.descendants("a").compactMap { link in
            guard let href = link.attribute("href"), let target = ResourcePath.resolve(href, relativeTo: path) else {
                return nil
            }
            let type = link.attribute("type", namespace: MarkupNamespace.epubOPS) ?? ""
            return .init(type: type, title: link.normalizedText.nonEmpty, target: target)
        }
    }
}

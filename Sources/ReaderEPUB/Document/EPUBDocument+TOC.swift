import ReaderCore
import ReaderHTML

extension EPUBDocument {
    /// The TOC from nav.xhtml or the NCX; when both are missing or empty, one entry per linear
    /// section titled by its `<title>` or first heading.
    func tableOfContents() throws(ReaderError) -> [TOCEntry] {
        if let built = tocCache.withLock({ $0 }) { return built }
        let entries: [TOCEntry]
        if publication.navigation.toc.isEmpty {
            entries = try spineEntries()
        } else {
            entries = publication.navigation.toc.compactMap(entry(for:))
        }
        tocCache.withLock { $0 = entries }
        return entries
    }

    /// TOC entries flattened with their sections, in TOC order (entries outside the reading order
    /// left out); worked out once, since every Locator's title needs them.
    var tocTargets: [HTMLTOCTarget] {
        if let built = tocTargetsCache.withLock({ $0 }) { return built }
        let targets = publication.navigation.toc.flatMap(\.flattened).compactMap { entry -> HTMLTOCTarget? in
            guard let target = entry.target, let index = sectionIndex(forHref: target.path) else { return nil }
            return HTMLTOCTarget(section: index, fragments: target.fragment.map { [$0] } ?? [], title: entry.title)
        }
        tocTargetsCache.withLock { $0 = targets }
        return targets
    }

    private func entry(for navigation: NavigationEntry) -> TOCEntry? {
        let children = navigation.children.compactMap(entry(for:))
        let section = navigation.target.flatMap { sectionIndex(forHref: $0.path) }
        guard let section else {
            // A grouping heading (or a link outside the reading order) points at its first child.
            guard let first = children.first else { return nil }
            return TOCEntry(title: navigation.title, locator: first.locator, children: children)
        }
        let href = sections[section].section.href
        let fragment = navigation.target?.fragment
        let locator = Locator(href: href, type: sections[section].item.mediaType, title: navigation.title,
                              locations: .init(fragments: fragment.map { [$0] }, progression: fragment == nil ? 0 : nil))
        return TOCEntry(title: navigation.title, locator: locator, children: children)
    }

    private func spineEntries() throws(ReaderError) -> [TOCEntry] {
        var entries: [TOCEntry] = []
        for section in sections where section.section.isLinear {
            let converted = try htmlBook.section(section.section.index)
            guard let title = converted.title?.collapsingWhitespace(), !title.isEmpty else { continue }
            let locator = Locator(href: section.section.href, type: section.item.mediaType, title: title,
                                  locations: .init(progression: 0))
            entries.append(TOCEntry(title: title, locator: locator))
        }
        return entries
    }
}

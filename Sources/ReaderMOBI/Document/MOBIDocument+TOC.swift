import ReaderCore
import ReaderHTML

extension MOBIDocument {
    /// The table of contents: the NCX index when the book has one; for MOBI 6 without it, the links
    /// of the HTML table of contents the guide names; else the headings of the text.
    func tableOfContents() throws(ReaderError) -> [TOCEntry] {
        if let built = tocCache.withLock({ $0 }) { return built }
        var entries = ncx.compactMap(entry(for:))
        if entries.isEmpty, let linked = try linkedContents(), linked.count > 1 { entries = linked }
        if entries.isEmpty { entries = try headingEntries() }
        tocCache.withLock { $0 = entries }
        return entries
    }

    /// Whether the TOC can be had without converting the whole book, so every Locator can carry
    /// the title of its chapter.
    var hasCheapTableOfContents: Bool {
        if !ncx.isEmpty { return true }
        if case .mobi6(let text) = source { return text.guideContents != nil }
        return false
    }

    /// The title of the TOC entry governing a position: the last entry at or before it.
    func title(atSection index: Int, sourceOffset: Int, part: ConvertedPart) -> String? {
        let entries = hasCheapTableOfContents ? (try? tableOfContents()) : tocCache.withLock { $0 }
        guard let entries else { return nil }
        let flat = entries.flatMap(Self.flattened)
        if let table = part.fileposTable {
            let here = table.filepos(atSource: sourceOffset)
            return flat.filter { ($0.locator.locations.offset ?? .max) <= here }
                .max { $0.locator.locations.offset! < $1.locator.locations.offset! }?.title
        }
        let targets = flat.compactMap { entry -> HTMLTOCTarget? in
            guard let section = htmlBook.sectionIndex(forHref: entry.locator.href) else { return nil }
            return HTMLTOCTarget(section: section, offset: entry.locator.locations.offset,
                                 fragments: entry.locator.locations.fragments ?? [], title: entry.title)
        }
        return htmlBook.title(atSection: index, sourceOffset: sourceOffset, targets: targets, section: part)
    }

    private static func flattened(_ entry: TOCEntry) -> [TOCEntry] {
        [entry] + entry.children.flatMap(flattened)
    }

    private func entry(for node: NCXNode) -> TOCEntry? {
        let children = node.children.compactMap(entry(for:))
        let title = MOBIMetadata.clean(node.entry.title)
        guard let locator = locator(for: node.entry, title: title) else {
            return children.first.map { TOCEntry(title: title, locator: $0.locator, children: children) }
        }
        return TOCEntry(title: title, locator: locator, children: children)
    }

    private func locator(for entry: NCXEntry, title: String) -> Locator? {
        switch source {
        case .mobi6(let text):
            guard let filepos = entry.filePosition, filepos <= text.stream.count,
                  let index = text.layout.partIndex(containing: filepos) else { return nil }
            return Locator(href: readingOrder[index].href, type: source.mediaType, title: title,
                           locations: .init(offset: filepos))
        case .kf8(let text):
            guard let position = MOBIBookPart.position(of: entry, in: text.table) else { return nil }
            return Locator(href: readingOrder[position.partIndex].href, type: source.mediaType, title: title,
                           locations: .init(fragments: [KF8Text.targetID(position.offset)]))
        }
    }

    /// The filepos links of the HTML table of contents, each an entry titled by its link text.
    private func linkedContents() throws(ReaderError) -> [TOCEntry]? {
        guard case .mobi6(let text) = source, let contents = text.guideContents,
              let index = text.layout.partIndex(containing: contents) else { return nil }
        let part = try htmlBook.section(index)
        let start = part.anchors[MOBI6Text.targetID(contents)] ?? 0
        var entries: [TOCEntry] = []
        for link in part.links where link.sourceRange.lowerBound >= start {
            guard let filepos = MOBI6Text.filepos(ofHref: link.href), let target = text.layout.partIndex(containing: filepos),
                  link.sourceRange.upperBound <= part.sourceText.count else { continue }
            let title = MOBIMetadata.clean(String(decoding: part.sourceText[link.sourceRange], as: UTF16.self))
            guard !title.isEmpty else { continue }
            entries.append(TOCEntry(title: title, locator: Locator(href: readingOrder[target].href, type: source.mediaType,
                                                                   title: title, locations: .init(offset: filepos))))
        }
        return entries
    }

    /// One entry per heading of the text, nested by level.
    private func headingEntries() throws(ReaderError) -> [TOCEntry] {
        var builder = TOCBuilder()
        for index in readingOrder.indices {
            let part = try htmlBook.section(index)
            for block in part.content.blocks {
                guard case .heading(let level) = block.kind, let start = block.sourceMap.sourceRange?.lowerBound else { continue }
                let title = MOBIMetadata.clean(block.text)
                guard !title.isEmpty else { continue }
                let offset = part.fileposTable?.filepos(atSource: start) ?? start
                builder.add(title: title, level: level, locator: Locator(href: readingOrder[index].href, type: source.mediaType,
                                                                         title: title, locations: .init(offset: offset)))
            }
        }
        return builder.entries
    }
}

import ReaderCore

/// A word shown on the page: where its text starts and ends, and the line it is on.
struct PageWord: Hashable, Sendable {
    var start: TextPosition
    var end: TextPosition
    var line: Int
    var column: Int

    /// The words of `page`, in order.
    static func words(of page: Page, blocks: (Int, Int) -> Block?) -> [PageWord] {
        var words: [PageWord] = []
        for (index, text) in page.lines.enumerated() {
            guard index < page.spans.count, let span = page.spans[index], let block = blocks(span.section, span.block) else { continue }
            var current: (start: Int, end: Int, column: Int)?
            for (column, shown) in LineCharacters.walk(line: text, span: span, block: block).enumerated() {
                guard let offset = shown.offset, !shown.character.isWhitespace else {
                    if let word = current {
                        words.append(PageWord(start: TextPosition(section: span.section, block: span.block, offset: word.start),
                                              end: TextPosition(section: span.section, block: span.block, offset: word.end),
                                              line: index, column: word.column))
                        current = nil
                    }
                    continue
                }
                let end = offset + shown.character.utf16.count
                current = current.map { ($0.start, end, $0.column) } ?? (offset, end, column)
            }
            if let word = current {
                words.append(PageWord(start: TextPosition(section: span.section, block: span.block, offset: word.start),
                                      end: TextPosition(section: span.section, block: span.block, offset: word.end),
                                      line: index, column: word.column))
            }
        }
        return words
    }
}

/// A link or image on the page, with its hint label.
struct PageLink: Hashable, Sendable {
    enum Target: Hashable, Sendable {
        case link(LinkTarget, section: Int)
        case image(href: String)
    }

    var label: String
    var position: TextPosition
    var target: Target

    /// The labels hints get, in order.
    static let labels = (1...9).map(String.init) + "abcdefghijklmnopqrstuvwxyz".map(String.init)

    private static func imageReference(_ run: InlineRun) -> ImageReference? {
        if case .image(let reference) = run.style { return reference }
        return nil
    }

    /// The links (or images) whose text starts on the page, in order, labelled.
    static func find(on page: Page, blocks: (Int, Int) -> Block?, images: Bool) -> [PageLink] {
        var found: [PageLink] = []
        var seen = Set<TextPosition>()
        for (index, span) in page.spans.enumerated() {
            guard let span, let block = blocks(span.section, span.block) else { continue }
            if images, case .image(let source) = block.kind, span.textRange.lowerBound == 0,
               // The block's source is as written (relative to its chapter); its run's reference is resolved.
               let href = block.runs.lazy.compactMap(Self.imageReference).first?.href ?? source, !href.isEmpty {
                let position = TextPosition(section: span.section, block: span.block, offset: 0)
                if seen.insert(position).inserted { found.append(PageLink(label: "", position: position, target: .image(href: href))) }
            }
            for run in block.runs where run.range.lowerBound >= span.textRange.lowerBound
                && (run.range.lowerBound < span.textRange.upperBound || (index == page.spans.count - 1 && run.range.lowerBound == span.textRange.upperBound)) {
                let target: Target?
                switch run.style {
                case .link(let link), .noteReference(let link): target = images ? nil : .link(link, section: span.section)
                case .image(let reference): target = images && !reference.href.isEmpty ? .image(href: reference.href) : nil
                default: target = nil
                }
                guard let target else { continue }
                let position = TextPosition(section: span.section, block: span.block, offset: run.range.lowerBound)
                if seen.insert(position).inserted { found.append(PageLink(label: "", position: position, target: target)) }
            }
        }
        return zip(found.prefix(labels.count), labels).map { link, label in
            var labelled = link
            labelled.label = label
            return labelled
        }
    }
}

/// A bookmark as the bookmarks panel lists it.
struct BookmarkEntry: Hashable, Sendable {
    var uuid: String
    var position: TextPosition?
    var text: String
}

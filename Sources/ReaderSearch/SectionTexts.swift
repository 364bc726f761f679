import ReaderCore

/// The last few sections' streams, loaded from the document on demand: the one being scanned, and
/// its neighbours when a match or its context runs into them.
final class SectionTexts {
    let document: any Document
    private var recent = RecentlyUsedCache<SectionText>(capacity: 4)

    init(document: any Document) {
        self.document = document
    }

    func text(of section: Int) throws(ReaderError) -> SectionText {
        if let cached = recent.value(for: section) { return cached }
        let text = SectionText(section: section, content: try document.content(ofSection: section))
        recent.insert(text, for: section)
        return text
    }

    /// Whether `section` carries on the text of the section before it (no page break between them).
    func continuesPrevious(_ section: Int) -> Bool {
        section > 0 && section < document.readingOrder.count && !document.readingOrder[section].startsNewPage
    }

    func position(of offset: StreamOffset) throws(ReaderError) -> TextPosition {
        try text(of: offset.section).position(at: offset.offset)
    }

    /// The inverse of ``position(of:)``.
    func streamOffset(of position: TextPosition) throws(ReaderError) -> StreamOffset {
        StreamOffset(section: position.section, offset: try text(of: position.section).streamOffset(of: position))
    }
}

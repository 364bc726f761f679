import ReaderCore
import ReaderHTML

extension MOBIDocument {
    /// A MOBI 6 Locator's `offset` is the `filepos` (byte offset in the decoded text stream); a KF8
    /// one's is the UTF-16 offset in its part's text, as for EPUB. Both carry the part href,
    /// progression within it, Readium position, total progression, the TOC title and text context.
    func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        var (locator, sourceOffset, part) = try htmlBook.locator(at: position)
        if let table = part.fileposTable {
            locator.locations.offset = table.filepos(atSource: sourceOffset)
        }
        locator.locations.fragments = locator.locations.fragments?.filter { !ConvertedPart.isRunAnchor($0) }
        if locator.locations.fragments?.isEmpty == true { locator.locations.fragments = nil }
        locator.title = title(atSection: position.section, sourceOffset: sourceOffset, part: part)
        return locator
    }

    /// Where a Locator points: the offset first (a `filepos` for MOBI 6, which names its part by
    /// itself, as does a `filepos…` id, the target of the book's own links), then an element id
    /// among the fragments, the progression within the part, and last the total progression or
    /// position.
    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        let locations = locator.locations
        if case .mobi6(let text) = source,
           let filepos = locations.offset ?? locations.fragments?.lazy.compactMap({ MOBI6Text.filepos(ofHref: "#" + $0) }).first {
            guard (0...text.stream.count).contains(filepos), let index = text.layout.partIndex(containing: filepos) else {
                throw ReaderError(.invalidLocator, file: path, format: format,
                                  reason: "filepos \(filepos) is outside the text (0...\(text.stream.count))")
            }
            let part = try htmlBook.section(index)
            let offset = part.fileposTable?.sourceOffset(atFilepos: filepos) ?? 0
            return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: part.content, section: index)
        }
        if let index = htmlBook.sectionIndex(forHref: locator.href) {
            // The offset wins over an id here: a MOBI Locator's offset is exact, its id only the nearest.
            let ids = locations.offset != nil ? [] : locations.fragments ?? []
            return try htmlBook.textPosition(for: locator, inSection: index, anchorIDs: ids)
        }
        guard let resolved = try htmlBook.textPosition(acrossBook: locations) else {
            throw ReaderError(.invalidLocator, file: path, format: format,
                              reason: "href \(locator.href) is not a part of this book and the Locator has no offset, position or totalProgression")
        }
        return resolved
    }
}

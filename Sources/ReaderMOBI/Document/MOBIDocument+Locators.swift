import ReaderCore

extension MOBIDocument {
    /// A MOBI 6 Locator's `offset` is the `filepos` (byte offset in the decoded text stream); a KF8
    /// one's is the UTF-16 offset in its part's text, as for EPUB. Both carry the part href,
    /// progression within it, Readium position, total progression, the TOC title and text context.
    func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        let part = try convertedPart(position.section)
        var locator = SourceOffsetLocating.locator(
            at: position, in: part.content, href: readingOrder[position.section].href, type: source.mediaType,
            title: nil, sourceLength: part.sourceLength)
        let sourceOffset = locator.locations.offset ?? 0
        let progression = locator.locations.progression ?? 0
        if let table = part.fileposTable {
            locator.locations.offset = table.filepos(atSource: sourceOffset)
        }
        locator.locations.fragments = locator.locations.fragments?.filter { !ConvertedPart.isRunAnchor($0) }
        if locator.locations.fragments?.isEmpty == true { locator.locations.fragments = nil }
        locator.title = title(atSection: position.section, sourceOffset: sourceOffset, part: part)
        locator.locations.position = positions.position(section: position.section, offset: sourceOffset, length: part.sourceLength)
        locator.locations.totalProgression = positions.totalProgression(section: position.section, progression: progression)
        return locator
    }

    /// Where a Locator points: the offset first (a `filepos` for MOBI 6, which names its part by
    /// itself), then an element id among the fragments, the progression within the part, and last
    /// the total progression or position.
    func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        let locations = locator.locations
        if case .mobi6(let text) = source, let filepos = locations.offset {
            guard (0...text.stream.count).contains(filepos), let index = text.layout.partIndex(containing: filepos) else {
                throw ReaderError(.invalidLocator, file: path, format: format,
                                  reason: "filepos \(filepos) is outside the text (0...\(text.stream.count))")
            }
            let part = try convertedPart(index)
            let offset = part.fileposTable?.sourceOffset(atFilepos: filepos) ?? 0
            return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: part.content, section: index)
        }
        if let index = sectionIndex(forHref: locator.href) {
            let part = try convertedPart(index)
            // The offset wins over an id here: a MOBI Locator's offset is exact, its id only the nearest.
            let anchored = locations.offset != nil ? nil : (locations.fragments ?? []).lazy.compactMap({ part.anchors[$0] }).first
            let offset: Int
            do throws(ReaderError) {
                if let anchored { offset = anchored } else { offset = try SourceOffsetLocating.offset(in: locator, resourceLength: part.sourceLength) }
            } catch {
                throw error.locating(file: path, format: format)
            }
            return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: part.content, section: index)
        }
        guard let global = positions.location(of: locations) else {
            throw ReaderError(.invalidLocator, file: path, format: format,
                              reason: "href \(locator.href) is not a part of this book and the Locator has no offset, position or totalProgression")
        }
        let part = try convertedPart(global.section)
        let offset = SourceOffsetLocating.offset(ofProgression: global.progression, length: part.sourceLength)
        return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: part.content, section: global.section)
    }

    /// The part an href names, with or without a fragment.
    func sectionIndex(forHref href: String) -> Int? {
        let path = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? href
        return sectionByHref[path]
    }
}

/// Locator support for formats whose native position is a UTF-16 offset in a decoded source text
/// (TXT and Markdown). Backends call these from their ``Document`` conformance.
public enum SourceOffsetLocating {
    /// UTF-16 units of context kept before and after a position in ``Locator/text``.
    public static let contextLength = 48
    /// Size of a Readium-style position chunk, in UTF-16 units of source.
    public static let positionLength = 1024

    /// The Locator of `position`, whose block is `content.blocks[position.block]`, with progression
    /// the source offset's share of `sourceLength` (the UTF-16 length of the whole decoded source).
    public static func locator(at position: TextPosition, in content: SectionContent, href: String, type: String,
                               title: String?, sourceLength: Int) -> Locator {
        locator(at: position, in: content, href: href, type: type, title: title) { offset in
            sourceLength > 0 ? min(1, Double(offset) / Double(sourceLength)) : 0
        }
    }

    /// The Locator of `position`, for a backend that measures progression its own way (TXT uses
    /// bytes, since the decoded length of a large file is known only after decoding all of it).
    /// - Parameters:
    ///   - position: the text position, in section `position.section`.
    ///   - content: that section's content.
    ///   - href: the Locator's `href`.
    ///   - type: the Locator's media type.
    ///   - title: the Locator's title (the TOC entry the position falls under).
    ///   - progression: maps a native source offset to progression in 0...1.
    public static func locator(at position: TextPosition, in content: SectionContent, href: String, type: String,
                               title: String?, progression: (Int) -> Double) -> Locator {
        guard content.blocks.indices.contains(position.block) else {
            return Locator(href: href, type: type, title: title,
                           locations: .init(progression: 0, totalProgression: 0, position: 1, offset: 0))
        }
        let block = content.blocks[position.block]
        let offset = block.sourceMap.sourceOffset(forTextOffset: position.offset) ?? 0
        let fraction = min(1, max(0, progression(offset)))
        return Locator(
            href: href, type: type, title: title,
            locations: .init(fragments: block.anchorID.map { [$0] }, progression: fraction,
                             totalProgression: fraction, position: offset / positionLength + 1, offset: offset),
            text: textContext(at: position, in: content))
    }

    /// Up to ``contextLength`` UTF-16 units of the block's text before `position` and from it on,
    /// cut at word boundaries where the block has spaces (no `eit` of `either` at either end) and
    /// never inside a surrogate pair; nil when the position is outside the content.
    public static func textContext(at position: TextPosition, in content: SectionContent) -> Locator.TextContext? {
        guard content.blocks.indices.contains(position.block) else { return nil }
        let text = content.blocks[position.block].text.utf16
        let clamped = min(max(0, position.offset), text.count)
        // Only the units the window can reach, and one more on each side to tell whether a cut
        // falls inside a word: a block may be a whole paragraph-less file, megabytes long.
        let from = max(0, clamped - contextLength - 1), to = min(text.count, clamped + contextLength + 1)
        let units = Array(text[text.index(text.startIndex, offsetBy: from)..<text.index(text.startIndex, offsetBy: to)])
        let point = clamped - from
        let range = ContextWindow.around(point, in: units, length: contextLength)
        let before = String(decoding: units[range.lowerBound..<point], as: UTF16.self)
        let after = String(decoding: units[point..<range.upperBound], as: UTF16.self)
        return Locator.TextContext(before: before.isEmpty ? nil : before, highlight: after.isEmpty ? nil : after)
    }

    /// The position in `content` (section `section`) of a native source offset.
    ///
    /// The offset moves to the first place at or after it that shown text occupies: a character
    /// copied from the source, or, where no character is, the point a block without text of its
    /// own (an image, a rule) sits at. A character wins over such a point at the same offset, so
    /// text round-trips exactly. Text the engine makes (markers, alternative text, joined line
    /// breaks) has no offset of its own and is skipped. Past the last place: the end of the last
    /// block; in a section without blocks, its start.
    public static func textPosition(forSourceOffset offset: Int, in content: SectionContent, section: Int) -> TextPosition {
        let blocks = content.blocks
        guard let target = occupiedOffset(atOrAfter: offset, in: blocks) else {
            guard let last = blocks.indices.last else { return TextPosition(section: section, block: 0, offset: 0) }
            let hasText = blocks[last].sourceMap.runSlice.contains { $0.length > 0 }
            return TextPosition(section: section, block: last, offset: hasText ? blocks[last].text.utf16.count : 0)
        }
        for (index, block) in blocks.enumerated() {
            for run in block.sourceMap.runSlice where run.length > 0 && run.sourceStart <= target && target < run.sourceEnd {
                return TextPosition(section: section, block: index, offset: run.textStart + target - run.sourceStart)
            }
        }
        for (index, block) in blocks.enumerated() {
            for run in block.sourceMap.runSlice where run.sourceStart == target {
                return TextPosition(section: section, block: index, offset: run.textStart)
            }
        }
        return TextPosition(section: section, block: 0, offset: 0)  // not reached: the target is some run's
    }

    /// `offset` itself when a character holds it, else the smallest run start after it (the
    /// points of blocks without text included); nil when nothing lies at or after it.
    private static func occupiedOffset(atOrAfter offset: Int, in blocks: [Block]) -> Int? {
        var next: Int?
        for block in blocks {
            for run in block.sourceMap.runSlice {
                if run.length > 0, run.sourceStart <= offset, offset < run.sourceEnd { return offset }
                if run.sourceStart >= offset, next.map({ run.sourceStart < $0 }) ?? true { next = run.sourceStart }
            }
        }
        return next
    }

    /// The offset a Locator names inside one resource of `length` units (an EPUB content
    /// document, a MOBI part): its `offset`, else its `progression`, else the start.
    /// - Throws: ``ReaderError`` of kind `invalidLocator` when the offset is outside the resource.
    public static func offset(in locator: Locator, resourceLength length: Int) throws(ReaderError) -> Int {
        let locations = locator.locations
        if let value = locations.offset {
            guard (0...length).contains(value) else {
                throw ReaderError(.invalidLocator, reason: "offset \(value) is outside \(locator.href) (0...\(length))")
            }
            return value
        }
        if let progression = locations.progression, progression.isFinite, (0...1).contains(progression) {
            return offset(ofProgression: progression, length: length)
        }
        return 0
    }

    /// The first offset in `0...length` whose share of `length` is at least `progression`: the
    /// inverse of `offset / length`, so a progression made from an offset gives that offset back,
    /// and a position's start (its progression `k / count`) is not put in the position before.
    public static func offset(ofProgression progression: Double, length: Int) -> Int {
        guard length > 0, progression.isFinite, progression > 0 else { return 0 }
        var offset = min(length, Int((progression * Double(length)).rounded(.up)))
        while offset > 0, Double(offset - 1) / Double(length) >= progression { offset -= 1 }
        while offset < length, Double(offset) / Double(length) < progression { offset += 1 }
        return offset
    }

    /// The source offset a Locator points at: `offset` when present, else `progression` (or
    /// `totalProgression`) scaled to the source, else `position`.
    /// - Throws: ``ReaderError`` of kind `invalidLocator` when the Locator has none of them or they are out of range.
    public static func sourceOffset(of locator: Locator, sourceLength: Int) throws(ReaderError) -> Int {
        let locations = locator.locations
        let offset: Int
        if let value = locations.offset {
            offset = value
        } else if let fraction = locations.progression ?? locations.totalProgression, fraction.isFinite {
            guard (0...1).contains(fraction) else {
                throw ReaderError(.invalidLocator, reason: "progression \(fraction) is outside 0...1")
            }
            offset = Self.offset(ofProgression: fraction, length: sourceLength)
        } else if let position = locations.position {
            let maxPosition = sourceLength / positionLength + 1
            guard (1...maxPosition).contains(position) else {
                throw ReaderError(.invalidLocator, reason: "position \(position) is outside 1...\(maxPosition)")
            }
            offset = (position - 1) * positionLength
        } else {
            throw ReaderError(.invalidLocator, reason: "the Locator has no offset, progression or position")
        }
        guard offset >= 0, offset <= sourceLength else {
            throw ReaderError(.invalidLocator, reason: "offset \(offset) is outside the text (0...\(sourceLength))")
        }
        return offset
    }
}

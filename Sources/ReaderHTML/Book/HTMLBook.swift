import Dispatch
import Foundation
import ReaderCore
import Synchronization

/// The reading order of a book made of HTML sections (EPUB spine items, MOBI 6 and KF8 parts;
/// later web articles and feed items), written once for every backend that has one.
///
/// Given the sections (href, media type, length) and a way to convert one, it converts sections
/// on demand and keeps the last few (a reader paging back and forth converts nothing twice),
/// finds a section by href, maps an href and source offset to a ``TextPosition`` and a
/// ``Locator`` and back, and titles a position by the table of contents entry it falls under.
/// A source offset is a UTF-16 offset in a section's source text (its shown character data).
/// What is truly a format's own (EPUB CFIs, MOBI 6 `filepos`, KF8 positions) stays in its backend,
/// which builds on these answers.
package final class HTMLBook<Converted: HTMLBookSection>: Sendable {
    /// The file the book was opened from, for errors.
    package let file: String
    /// The format it was opened as, for errors.
    package let format: DocumentFormat
    /// The sections in reading order.
    package let sections: [Section]
    /// Readium-style positions: `lengths[i] / 1024` per reflowable section, one per fixed one.
    package let positions: ResourcePositions
    private let sectionByHref: [String: Int]
    private let converted: SectionCache<Converted>
    /// The sum of the known section lengths, to bound what ``keepAllSections()`` holds.
    private let totalLength: Int
    private let closedFlag = ClosedFlag()
    private let convert: @Sendable (Int) throws(ReaderError) -> Converted
    /// Whether ``convertAhead()`` has started, and the thread it started.
    private let aheadStarted = Atomic<Bool>(false)
    private let convertingAhead = DispatchGroup()

    /// Creates the book.
    /// - Parameters:
    ///   - sections: the reading order; hrefs should be unique (the first of equal ones wins).
    ///   - lengths: each section's length as positions count it (nil: unknown, one position).
    ///   - fixedLayout: whether each section is pre-paginated (one position).
    ///   - cacheCapacity: how many converted sections are kept.
    ///   - convert: converts the section at an index; its errors are given the file and format.
    package init(file: String, format: DocumentFormat, sections: [Section], lengths: [Int?], fixedLayout: [Bool],
                 cacheCapacity: Int, convert: @escaping @Sendable (Int) throws(ReaderError) -> Converted) {
        self.file = file
        self.format = format
        self.sections = sections
        self.positions = ResourcePositions(lengths: lengths, fixedLayout: fixedLayout)
        self.sectionByHref = Dictionary(sections.enumerated().map { ($1.href, $0) }, uniquingKeysWith: { first, _ in first })
        self.converted = SectionCache(capacity: cacheCapacity)
        self.totalLength = lengths.reduce(0) { $0 + ($1 ?? 0) }
        self.convert = convert
    }

    /// The most source text, in the units of the section lengths, whose converted sections
    /// ``keepAllSections()`` keeps: a book's converted blocks take a few times its text.
    package static var keptLengthLimit: Int { 64 << 20 }

    /// Keeps every section converted from now on (``Document/willReadRepeatedly()``), unless the
    /// book's text is longer than ``keptLengthLimit``, and starts converting them ahead
    /// (``convertAhead()``).
    package func keepAllSections() {
        guard totalLength <= Self.keptLengthLimit else { return }
        converted.growCapacity(to: sections.count)
        convertAhead()
    }

    /// Converts every section on another thread, the last first and back to the first, while
    /// the caller reads the book from its start: the two meet half-way, and neither converts a
    /// section twice (the cache hands a section being converted to whoever asks next). Started
    /// once, and only when every section is kept; not on one core. On a 5 MiB AZW3 of 349 parts,
    /// an export's first pass took half the time.
    private func convertAhead() {
        guard sections.count > 1, ProcessInfo.processInfo.activeProcessorCount > 1,
              !aheadStarted.exchange(true, ordering: .acquiringAndReleasing) else { return }
        convertingAhead.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { convertingAhead.leave() }
            for index in sections.indices.reversed() {
                guard !closedFlag.isClosed else { return }
                // A section that fails is left to the reader who asks for it: it is converted
                // again then, and the error goes there.
                _ = try? section(index)
            }
        }
    }

    /// Drops the converted sections, after the section being converted ahead (if any); later
    /// reads throw.
    package func close() {
        guard closedFlag.close() else { return }
        convertingAhead.wait()
        converted.removeAll()
    }

    /// The converted section at `index`, from the cache or freshly converted. Threads asking
    /// for different sections convert them at once; a thread asking for a section another is
    /// converting waits for it.
    /// - Throws: ``ReaderError`` `invalidArgument` for an index outside the reading order or once
    ///   the book is closed, or what converting it threw, naming the file and format.
    package func section(_ index: Int) throws(ReaderError) -> Converted {
        guard sections.indices.contains(index) else {
            throw ReaderError(.invalidArgument, file: file, format: format,
                              reason: "section \(index) is outside 0..<\(sections.count)")
        }
        try closedFlag.check(file: file, format: format)
        do {
            return try converted.value(for: index) { () throws(ReaderError) in try convert(index) }
        } catch {
            throw error.locating(file: file, format: format)
        }
    }

    /// The section whose href is exactly `path`.
    package func sectionIndex(forPath path: String) -> Int? {
        sectionByHref[path]
    }

    /// The section an href names, with or without a fragment.
    package func sectionIndex(forHref href: String) -> Int? {
        let path = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? href
        return sectionByHref[path]
    }

    /// The Locator of a text position, with the keys every HTML book has: href, type, source
    /// `offset`, `progression` in the section, nearest fragment id, text context, Readium
    /// `position` and `totalProgression`. The caller adds its title and keys of its own.
    /// - Returns: the Locator, its source offset and the converted section it lies in.
    package func locator(at position: TextPosition) throws(ReaderError)
        -> (locator: Locator, sourceOffset: Int, section: Converted) {
        let section = try self.section(position.section)
        let info = sections[position.section]
        var locator = SourceOffsetLocating.locator(
            at: position, in: section.content, href: info.href, type: info.mediaType, title: nil,
            sourceLength: section.sourceLength)
        let offset = locator.locations.offset ?? 0
        let progression = locator.locations.progression ?? 0
        locator.locations.position = positions.position(section: position.section, offset: offset, length: section.sourceLength)
        locator.locations.totalProgression = positions.totalProgression(section: position.section, progression: progression)
        return (locator, offset, section)
    }

    /// Where a Locator points in the section at `index`: at the first of `anchorIDs` the section
    /// has, else at its `offset`, else its `progression` (see ``SourceOffsetLocating/offset(in:resourceLength:)``).
    /// - Throws: ``ReaderError`` when the section cannot be converted or the Locator says nowhere.
    package func textPosition(for locator: Locator, inSection index: Int, anchorIDs: [String]) throws(ReaderError) -> TextPosition {
        let section = try self.section(index)
        let anchored = anchorIDs.lazy.compactMap { section.sourceOffset(ofAnchor: $0) }.first
        let offset: Int
        do throws(ReaderError) {
            if let anchored { offset = anchored } else { offset = try SourceOffsetLocating.offset(in: locator, resourceLength: section.sourceLength) }
        } catch {
            throw error.locating(file: file, format: format)
        }
        return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: section.content, section: index)
    }

    /// The text position at a source offset of the section at `index`.
    package func textPosition(forSourceOffset offset: Int, inSection index: Int) throws(ReaderError) -> TextPosition {
        SourceOffsetLocating.textPosition(forSourceOffset: offset, in: try section(index).content, section: index)
    }

    /// Where a Locator's book-wide `position`, else `totalProgression`, points; nil when it has
    /// neither within range.
    package func textPosition(acrossBook locations: Locator.Locations) throws(ReaderError) -> TextPosition? {
        guard let global = positions.location(of: locations) else { return nil }
        let section = try self.section(global.section)
        let offset = SourceOffsetLocating.offset(ofProgression: global.progression, length: section.sourceLength)
        return SourceOffsetLocating.textPosition(forSourceOffset: offset, in: section.content, section: global.section)
    }

    /// The title of the table of contents entry governing a source offset of section `index`:
    /// the last target at or before it (a target in an earlier section counts as at its end);
    /// nil when none is.
    /// - Parameter section: the converted section at `index`, whose ids place the targets in it
    ///   (nil: every target in it counts as at its start).
    package func title(atSection index: Int, sourceOffset: Int, targets: some Sequence<HTMLTOCTarget>,
                       section: Converted?) -> String? {
        var best: (section: Int, offset: Int, title: String)?
        for target in targets where target.section <= index {
            var offset = Int.max  // an earlier section: its last entry, wherever it points
            if target.section == index {
                offset = target.offset ?? target.fragments.lazy.compactMap { section?.sourceOffset(ofAnchor: $0) }.first ?? 0
                guard offset <= sourceOffset else { continue }
            }
            if best == nil || (target.section, offset) >= (best!.section, best!.offset) {
                best = (target.section, offset, target.title)
            }
        }
        return best?.title
    }
}

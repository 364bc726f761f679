import Dispatch
import ReaderCore
import Synchronization

/// A literal search of a document's UTF-8 bytes read in place (``UTF8TextProviding``, through
/// ``UTF8LiteralScanner``): it counts the matches without building blocks, and gives a
/// ``DocumentSearch`` each section's matches as byte ranges, so it builds only the sections that
/// hold one and folds none.
///
/// The bytes are held (mapped once) for the search's life, and the pages a scan has passed are
/// let go as it goes (``PagesBehind``). Once the bytes cannot be scanned in place (they are not
/// well-formed UTF-8, say), it gives up, and the rest is searched the general way.
final class InPlaceSearch {
    /// The document's bytes, read by every scan of this search, on either core.
    let held: HeldUTF8Text
    private let pattern: [UInt16]
    /// The folder of the scans on the thread that asks (see ``matches(inSection:from:of:folder:)``
    /// for other threads).
    let folder: ScalarFolder
    private let wholeWords: Bool
    /// Where the scan goes on from, as an offset in ``UTF8Text/bytes``.
    private var position: Int?
    /// The pages ``withMatches(inSection:_:)`` has passed.
    private var passed = PagesBehind()
    /// Set once the bytes could not be scanned in place.
    private var gaveUp = false

    /// A search of `document` for `pattern` (folded by `folder`), nil when the document cannot be
    /// read in place or the pattern is not one the scanner can search.
    init?(document: any Document, pattern: [UInt16], folder: ScalarFolder, wholeWords: Bool) {
        guard let source = document as? any UTF8TextProviding, UTF8LiteralScanner.canSearch(pattern),
              let held = try? source.heldUTF8Text() else { return nil }
        self.held = held
        self.pattern = pattern
        self.folder = folder
        self.wholeWords = wholeWords
    }

    /// The number of matches in the whole text, stopping at `limit`; nil when the bytes cannot be
    /// scanned in place (nothing is counted then). Without a limit, the two halves of a text of
    /// several sections are counted on two cores at once.
    func count(limit: Int?) throws(ReaderError) -> Int? {
        let text = held.text
        guard let (bytes, ranges) = Self.textBytes(text) else { return nil }
        let job = CountJob(search: self, bytes: bytes, ranges: ranges, text: text, secondFolder: ScalarFolder(folder.folding))
        let split = ranges.firstIndex { $0.lowerBound >= bytes.count / 2 } ?? ranges.count
        guard limit == nil, split > 0, split < ranges.count else { return job.count(ranges.indices, from: 0, limit: limit)?.count }
        let halves = Mutex<[(count: Int, end: Int)??]>([nil, nil])
        DispatchQueue.concurrentPerform(iterations: 2) { half in
            let counted = half == 0 ? job.count(0..<split, from: 0)
                : job.count(split..<ranges.count, from: ranges[split].lowerBound, onSecondCore: true)
            halves.withLock { $0[half] = .some(counted) }
        }
        let (first, second) = halves.withLock { ($0[0]!, $0[1]!) }
        guard let first, let second else { return nil }
        if first.end <= ranges[split].lowerBound { return first.count + second.count }
        // A match of the first half runs into the second: count the second again after it.
        return job.count(split..<ranges.count, from: first.end).map { first.count + $0.count }
    }

    /// One count over a text read in place, which two cores may run on halves of the text at once.
    private struct CountJob: @unchecked Sendable {
        // @unchecked: the search's pattern and the bytes are only read, and the bytes stay mapped
        // until the count returns; `text` only releases pages (`madvise`). A folder remembers what
        // it folded, so it is not safe to share: the second core has its own.
        let search: InPlaceSearch
        let bytes: UnsafeBufferPointer<UInt8>
        let ranges: [Range<Int>]
        let text: UTF8Text
        let secondFolder: ScalarFolder

        /// The matches that start in `sections` (indices into `ranges`), scanning from byte
        /// `start`, at most `limit`, and where the scan ended (past the last match); nil when the
        /// bytes cannot be scanned in place. Each section's pages are let go once the one after it
        /// is scanned.
        func count(_ sections: Range<Int>, from start: Int, limit: Int? = nil, onSecondCore: Bool = false) -> (count: Int, end: Int)? {
            search.countMatches(in: bytes, ranges: ranges, sections: sections, from: start, limit: limit, text: text,
                                folder: onSecondCore ? secondFolder : search.folder)
        }
    }

    /// See ``CountJob/count(_:from:limit:)``.
    private func countMatches(in bytes: UnsafeBufferPointer<UInt8>, ranges: [Range<Int>], sections: Range<Int>, from start: Int,
                              limit: Int?, text: UTF8Text, folder: ScalarFolder) -> (count: Int, end: Int)? {
        guard var scanner = UTF8LiteralScanner(bytes: bytes, pattern: pattern, folder: folder, wholeWords: wholeWords, from: start)
        else { return nil }
        var count = 0
        var passed = PagesBehind(from: ranges[sections.lowerBound].lowerBound)
        for index in sections {
            text.load(text.sectionRanges[index])
            scanning: while true {
                switch scanner.next(startingBefore: ranges[index].upperBound) {
                case .match:
                    count += 1
                    if let limit, count >= limit { return (count, scanner.position) }
                case .end: break scanning
                case .unsupported: return nil
                }
            }
            // Not needed again (a match's checks may read a few bytes back).
            if index > sections.lowerBound { passed.pass(text.sectionRanges[index - 1].upperBound, in: text) }
        }
        return (count, scanner.position)
    }

    /// Calls `body` with the document's bytes and the matches that start in section `section`,
    /// as ranges of ``UTF8Text/bytes`` taking in the characters folding drops after them, as
    /// matches in the folded blocks do (the last may run on into the next section), none
    /// overlapping the one before; sections are asked about in increasing order. Nil, without
    /// calling `body`, when the bytes cannot be scanned in place up to the section's end; the scan
    /// gives up then.
    func withMatches<Result>(inSection section: Int,
                             _ body: (UTF8Text, [Range<Int>]) throws(ReaderError) -> Result) throws(ReaderError) -> Result? {
        guard !gaveUp else { return nil }
        let text = held.text
        guard let found = matches(inSection: section, from: position ?? 0, of: text, folder: folder) else {
            giveUp()
            return nil
        }
        position = found.end
        let answer = try body(text, found.matches)
        if text.sectionRanges.indices.contains(section) { passed.pass(text.sectionRanges[section].lowerBound, in: text) }
        return answer
    }

    /// Stops searching in place: ``withMatches(inSection:_:)`` gives nil from now on.
    func giveUp() {
        gaveUp = true
    }

    /// The matches that start in section `section` of `text` (this search's ``held`` bytes),
    /// scanning from byte `start` or the section's start, whichever is later, as
    /// ``withMatches(inSection:_:)`` gives them, and the offset the scan of the next section goes
    /// on from; nil when the bytes cannot be scanned in place up to the section's end. Reads only
    /// what never changes, so several sections can be scanned on several threads at once, each
    /// with its own `folder` (for this search's ``folding``).
    func matches(inSection section: Int, from start: Int, of text: UTF8Text,
                 folder: ScalarFolder) -> (matches: [Range<Int>], end: Int)? {
        guard let (bytes, ranges) = Self.textBytes(text), ranges.indices.contains(section) else { return nil }
        let origin = text.sectionRanges[0].lowerBound
        let from = max(start - origin, ranges[section].lowerBound)
        guard var scanner = UTF8LiteralScanner(bytes: bytes, pattern: pattern, folder: folder, wholeWords: wholeWords, from: from)
        else { return nil }
        text.load((from + origin)..<(ranges[section].upperBound + origin))
        var matches: [Range<Int>] = []
        while true {
            switch scanner.next(startingBefore: ranges[section].upperBound) {
            case .match(let match):
                let end = scanner.foldedEnd(ofMatchEndingAt: match.upperBound, limit: bytes.count)
                matches.append((match.lowerBound + origin)..<(end + origin))
            case .end: return (matches, scanner.position + origin)
            case .unsupported: return nil
            }
        }
    }

    /// The bytes from the first section's start to the last one's end, and the sections' ranges
    /// in them.
    private static func textBytes(_ text: UTF8Text) -> (UnsafeBufferPointer<UInt8>, [Range<Int>])? {
        guard let first = text.sectionRanges.first, let last = text.sectionRanges.last,
              first.lowerBound >= 0, last.upperBound <= text.bytes.count, first.lowerBound <= last.upperBound else { return nil }
        let origin = first.lowerBound
        let bytes = UnsafeBufferPointer(rebasing: text.bytes[origin..<last.upperBound])
        return (bytes, text.sectionRanges.map { ($0.lowerBound - origin)..<($0.upperBound - origin) })
    }
}

import ReaderCore

/// Places matches found in a document's bytes in place (``InPlaceSearch``) in its blocks, through
/// ``UTF8TextProviding/textPositions(atBytes:inSection:)``: from a match's first character to just
/// after its last one, which may lie in a later section.
enum InPlacePlacing {
    /// Where the character ending at `end` starts, and its length in UTF-16 units.
    static func lastCharacter(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, units: Int) {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return (start, bytes[start] >= 0xF0 ? 2 : 1)
    }

    /// One match, starting in `section` (`ranges` are the sections' byte ranges).
    static func place(_ match: Range<Int>, lastCharacter: (start: Int, units: Int), section: Int, ranges: [Range<Int>],
                      source: any UTF8TextProviding) throws(ReaderError) -> SearchMatch {
        try place([(match, lastCharacter)], section: section, ranges: ranges, source: source)[0]
    }

    /// Matches starting in `section`, in order, placed with one walk through the section.
    static func place(_ matches: [(match: Range<Int>, lastCharacter: (start: Int, units: Int))], section: Int,
                      ranges: [Range<Int>], source: any UTF8TextProviding) throws(ReaderError) -> [SearchMatch] {
        // Every start and every last character in this section, in increasing order; a last
        // character in a later section (only the last match's can be) is placed on its own.
        var offsets: [Int] = []
        offsets.reserveCapacity(matches.count * 2)
        for found in matches {
            offsets.append(found.match.lowerBound)
            if ranges[section].contains(found.lastCharacter.start) { offsets.append(found.lastCharacter.start) }
        }
        let positions = try source.textPositions(atBytes: offsets, inSection: section)
        var placed: [SearchMatch] = []
        placed.reserveCapacity(matches.count)
        var next = 0
        for found in matches {
            let start = positions[next]
            next += 1
            var end: TextPosition
            if ranges[section].contains(found.lastCharacter.start) {
                end = positions[next]
                next += 1
            } else {
                let later = ranges.lastIndex { $0.lowerBound <= found.lastCharacter.start } ?? section
                end = try source.textPositions(atBytes: [found.lastCharacter.start], inSection: later)[0]
            }
            end.offset += found.lastCharacter.units
            placed.append(SearchMatch(start: start, end: end))
        }
        return placed
    }
}

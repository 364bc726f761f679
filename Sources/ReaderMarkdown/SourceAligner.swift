import ReaderCore

/// Finds where rendered text literals come from in a block's source, moving forward.
///
/// cmark's inline positions are hints only (they drift on lazy continuation lines, for example),
/// and literals differ from their source where entities or backslash escapes were decoded. So a
/// literal is first checked at its hinted position, then searched for from the cursor, and
/// failing both it is matched character by character; what still does not match gets no run and
/// so maps to the end of the run before it.
struct SourceAligner {
    /// The whole decoded source, in UTF-16 units.
    let source: [UInt16]
    /// Where the next literal is searched from.
    private(set) var cursor: Int
    /// The end of the block's source: nothing past it is matched.
    let limit: Int

    /// How far past the cursor a literal without a usable hint is searched for (link destinations
    /// and titles lie between text nodes).
    static let searchReach = 8192

    /// An aligner for the source range `start..<limit`.
    init(source: [UInt16], start: Int, limit: Int) {
        self.source = source
        self.limit = min(max(start, limit), source.count)
        self.cursor = min(max(0, start), self.limit)
    }

    /// Maps `literal`, placed at `textStart` in the block text, into `map`.
    mutating func align(_ literal: [UInt16], hint: Range<Int>?, textStart: Int, into map: inout SourceMap) {
        guard !literal.isEmpty else { return }
        let usableHint = hint.flatMap { $0.lowerBound >= cursor && $0.upperBound <= limit ? $0 : nil }
        if let hint = usableHint, hint.count == literal.count, matches(literal[...], at: hint.lowerBound) {
            record(textStart: textStart, sourceStart: hint.lowerBound, length: literal.count, into: &map)
            return
        }
        let reach = usableHint == nil ? Self.searchReach : 64
        let searchEnd = min(limit, max(cursor, usableHint?.upperBound ?? cursor) + literal.count + reach)
        if let found = find(literal[...], in: cursor..<searchEnd) {
            record(textStart: textStart, sourceStart: found, length: literal.count, into: &map)
            return
        }
        let window = usableHint ?? cursor..<min(limit, cursor + literal.count * 8 + 32)
        alignCharacters(literal, in: window, textStart: textStart, into: &map)
    }

    /// Matches the literal one character (one or two UTF-16 units) at a time inside `window`.
    private mutating func alignCharacters(_ literal: [UInt16], in window: Range<Int>, textStart: Int,
                                          into map: inout SourceMap) {
        var local = max(window.lowerBound, cursor)
        var index = 0
        while index < literal.count {
            let width = UTF16.isLeadSurrogate(literal[index]) && index + 1 < literal.count ? 2 : 1
            let character = literal[index..<(index + width)]
            // A space where the source has white space (HTML blocks' text has line breaks and tabs
            // as spaces) takes that white space, mapped only if it is a space: looked for further
            // on, it would take a later space, past the text that follows it.
            if literal[index] == 0x20, local < window.upperBound, Self.isWhiteSpace(source[local]) {
                if source[local] == 0x20 { map.append(textStart: textStart + index, sourceStart: local, length: 1) }
                while local < window.upperBound, Self.isWhiteSpace(source[local]) { local += 1 }
                index += 1
                continue
            }
            if local < window.upperBound, let found = find(character, in: local..<window.upperBound) {
                map.append(textStart: textStart + index, sourceStart: found, length: width)
                local = found + width
            }
            index += width
        }
        cursor = max(cursor, local)
    }

    private mutating func record(textStart: Int, sourceStart: Int, length: Int, into map: inout SourceMap) {
        map.append(textStart: textStart, sourceStart: sourceStart, length: length)
        cursor = sourceStart + length
    }

    /// The first offset in `range` where `needle` occurs whole inside `range`.
    private func find(_ needle: ArraySlice<UInt16>, in range: Range<Int>) -> Int? {
        guard let first = needle.first, needle.count <= range.count else { return nil }
        let lastStart = range.upperBound - needle.count
        var position = range.lowerBound
        while position <= lastStart {
            if source[position] == first, matches(needle, at: position) { return position }
            position += 1
        }
        return nil
    }

    /// Whether the source holds `needle` at `position` (which leaves room for all of it).
    private func matches(_ needle: ArraySlice<UInt16>, at position: Int) -> Bool {
        var offset = 0
        var index = needle.startIndex
        while index < needle.endIndex {
            if source[position + offset] != needle[index] { return false }
            offset += 1
            index += 1
        }
        return true
    }

    /// Space, tab, line feed, form feed, carriage return.
    private static func isWhiteSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || unit == 0x09 || unit == 0x0A || unit == 0x0C || unit == 0x0D
    }
}

extension SourceMap {
    /// The map with a run at text offset 0, so that the block's start maps to its source start
    /// and back. When the text does not start with a mapped run (its first character came from
    /// an entity, or the text is empty) a one-unit run anchors offset 0 at `sourceStart`.
    func anchored(at sourceStart: Int) -> SourceMap {
        if let first = runs.first, first.textStart == 0 { return self }
        return SourceMap(runs: [Run(textStart: 0, sourceStart: sourceStart, length: 1)] + runs)
    }
}

internal import CByteScan

/// Finds a literal query whose folded form is all ASCII in UTF-8 bytes read in place (see
/// ``UTF8TextProviding``), with exactly the matches a scan of the folded blocks finds, without
/// decoding the text or building blocks.
///
/// Why the matches are the same: the blocks hold the bytes' characters in order with whitespace
/// where the bytes have whitespace, except that two lines are joined without a space between two
/// characters of scripts written without spaces. No such character folds to ASCII, so none is
/// part of a match of an ASCII query, and on either side of a match a join and a line break look
/// alike to the boundary checks (neither is a mark, both are word boundaries). The one character
/// that could make a join matter, U+3164 HANGUL FILLER (a wide character that folding drops), and
/// bytes that are not well-formed UTF-8 (which the document repairs) stop the scan
/// (``Step/unsupported(at:)``), and the caller searches the rest the general way.
///
/// A match starts at a character whose folded form starts with the pattern's first unit: an ASCII
/// byte (either case when case is folded) not followed by other letters or digits than the
/// pattern's, or a non-ASCII character, which is looked at anyway unless it is general
/// punctuation (U+2000...U+203F) that cannot start a match. The bytes between are skipped 32 (or
/// 16) at a time by CByteScan's `literal_candidates_next`, which stops at every other byte outside
/// ASCII, so bytes that are not well-formed UTF-8 are still seen here. Each candidate is then
/// compared with the pattern character by character, folded as ``FoldedTextBuilder`` folds them
/// (whitespace runs as one space, dropped characters skipped), and checked as ``MatchBoundaries``
/// checks matches.
struct UTF8LiteralScanner {
    enum Step: Equatable {
        /// A match, from the first byte of its first character to the end of its last one.
        case match(Range<Int>)
        /// No match after the last one.
        case end
        /// The bytes from this offset on cannot be searched in place.
        case unsupported(at: Int)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let pattern: [UInt8]
    private let folder: ScalarFolder
    private let foldsCase: Bool
    private let wholeWords: Bool
    /// Where the next match may start.
    private(set) var position: Int
    /// Bit `n` is set when U+2000 + `n` (general punctuation: quotation marks, dashes, spaces) folds
    /// to something that starts with the pattern's first unit. English text is full of those
    /// characters, so the scan tells them from their bytes without decoding them.
    private let punctuationStarts: UInt64
    /// What ``nextCandidate(before:)`` asks `literal_candidates_next` (CByteScan) to skip.
    private let filter: LiteralCandidateFilter
    /// How many bytes that filter looks at at once (narrowed to what the processor has; 0 for none:
    /// every byte goes through the loop, as tests compare).
    private let filterWidth: Int

    /// A scanner of `bytes` for `pattern` (folded by `folder`) from offset `position` on, nil when
    /// the pattern is empty or holds a unit outside ASCII. The bytes before `position` must have
    /// been scanned before (so they are known to be well-formed). `filterWidth` is for tests.
    init?(bytes: UnsafeBufferPointer<UInt8>, pattern: [UInt16], folder: ScalarFolder, wholeWords: Bool, from position: Int = 0,
          filterWidth: Int = 32) {
        guard Self.canSearch(pattern) else { return nil }
        self.bytes = bytes
        self.position = position
        self.pattern = pattern.map { UInt8($0) }
        self.folder = folder
        foldsCase = folder.folding.foldsCase
        self.wholeWords = wholeWords
        var starts: UInt64 = 0
        for offset in 0..<64 where Self.startsWith(UInt8(pattern[0]), folder.code(Unicode.Scalar(0x2000 + UInt32(offset))!), folder) {
            starts |= 1 << UInt64(offset)
        }
        punctuationStarts = starts
        filter = Self.candidateFilter(pattern: self.pattern, foldsCase: foldsCase, punctuationStarts: starts)
        self.filterWidth = filterWidth
    }

    /// Whether a folded pattern can be searched in place: not empty and all ASCII.
    static func canSearch(_ pattern: [UInt16]) -> Bool {
        !pattern.isEmpty && pattern.allSatisfy { $0 < 0x80 }
    }

    /// The next match that starts before `limit` (a character boundary; the end of the bytes
    /// when nil), in order, not overlapping the one before; ``Step/end`` when there is none, the
    /// scan then going on from `limit`.
    mutating func next(startingBefore limit: Int? = nil) -> Step {
        let limit = min(limit ?? bytes.count, bytes.count)
        while let candidate = nextCandidate(before: limit) {
            switch candidate {
            case .unsupported(let offset):
                return .unsupported(at: offset)
            case .at(let start, let length):
                switch verify(from: start) {
                case .matched(let end):
                    position = end
                    return .match(start..<end)
                case .failed:
                    position = start + length
                case .unsupported(let offset):
                    return .unsupported(at: offset)
                }
            }
        }
        return .end
    }

    // MARK: - Candidates

    private enum Candidate {
        /// A character at `start`, `length` bytes long, whose folded form starts with the pattern's first unit.
        case at(start: Int, length: Int)
        case unsupported(Int)
    }

    /// The next character from ``position`` on, before `limit`, that may start a match; nil when
    /// there is none, the position then moved to `limit` (or past it, to the end of a character).
    private mutating func nextCandidate(before limit: Int) -> Candidate? {
        let first = pattern[0]
        let isLetter = foldsCase && (0x61...0x7A).contains(first)
        // The pattern's second (and third) unit when it is a letter or digit: a candidate followed
        // by any other ASCII character cannot match (those never fold to anything else, nor away),
        // so most candidates are dropped here without verifying.
        let second = pattern.count > 1 && Self.isAlphanumeric(pattern[1]) ? pattern[1] : nil
        let third = second != nil && pattern.count > 2 && Self.isAlphanumeric(pattern[2]) ? pattern[2] : nil
        guard let base = bytes.baseAddress else { return nil }
        var index = position
        while index < limit {
            // The bytes the filter passes over are those this loop would pass over one by one.
            if filterWidth > 0 {
                index = literal_candidates_next(filter, base, bytes.count, index, limit, Int32(filterWidth))
                guard index < limit else { break }
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if byte == first || (isLetter && byte == first - 0x20), !ruledOut(after: index, second: second, third: third) {
                    return .at(start: index, length: 1)
                }
                index += 1
                continue
            }
            // U+2000...U+203F: E2 80 and a continuation byte.
            if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] & 0xC0 == 0x80 {
                if punctuationStarts >> UInt64(bytes[index + 2] & 0x3F) & 1 != 0 { return .at(start: index, length: 3) }
                index += 3
                continue
            }
            guard let (scalar, length) = decode(at: index), scalar.value != 0x3164 else { return .unsupported(index) }
            if startsWithFirstUnit(folder.code(scalar)) { return .at(start: index, length: length) }
            index += length
        }
        position = max(index, position)
        return nil
    }

    /// The byte filter of ``nextCandidate(before:)`` for this pattern: its first three units as
    /// the loop compares them, and whether U+2000...U+203F may be skipped (none of them starts
    /// with the first unit).
    private static func candidateFilter(pattern: [UInt8], foldsCase: Bool, punctuationStarts: UInt64) -> LiteralCandidateFilter {
        func caseBit(_ unit: UInt8) -> UInt8 { foldsCase && (0x61...0x7A).contains(unit) ? 0x20 : 0 }
        let second = pattern.count > 1 && isAlphanumeric(pattern[1]) ? pattern[1] : nil
        let third = second != nil && pattern.count > 2 && isAlphanumeric(pattern[2]) ? pattern[2] : nil
        // 0xFF | anything is 0xFF: any byte is accepted after the first unit.
        return LiteralCandidateFilter(
            first: pattern[0], first_case: caseBit(pattern[0]),
            second: second ?? 0xFF, second_case: second.map(caseBit) ?? 0xFF,
            third: third ?? 0xFF, third_case: third.map(caseBit) ?? 0xFF,
            triplet_lead: punctuationStarts == 0 ? 0xE2 : 0x00)
    }

    /// Whether the bytes after an ASCII candidate at `offset` rule it out: the next is an ASCII
    /// character other than the pattern's `second` unit, or it is that unit and the one after is
    /// an ASCII character other than `third` (each a letter or digit, in either case when case is
    /// folded). An ASCII character folds to itself or its lower case, whitespace to a space, and
    /// never away, so nothing but those units can follow; a character outside ASCII may fold to
    /// them, or be dropped, and is left to the verification.
    @inline(__always)
    private func ruledOut(after offset: Int, second: UInt8?, third: UInt8?) -> Bool {
        guard let second, offset + 1 < bytes.count else { return false }
        let next = bytes[offset + 1]
        guard next < 0x80 else { return false }
        if folded(next) != second { return true }
        guard let third, offset + 2 < bytes.count else { return false }
        let following = bytes[offset + 2]
        return following < 0x80 && folded(following) != third
    }

    /// An ASCII byte as the pattern holds it: in lower case when case is folded.
    @inline(__always)
    private func folded(_ byte: UInt8) -> UInt8 {
        foldsCase && (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    @inline(__always)
    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    @inline(__always)
    private func startsWithFirstUnit(_ code: UInt32) -> Bool {
        Self.startsWith(pattern[0], code, folder)
    }

    /// Whether a scalar folded to `code` starts with `unit`.
    @inline(__always)
    private static func startsWith(_ unit: UInt8, _ code: UInt32, _ folder: ScalarFolder) -> Bool {
        if let single = folder.singleUnit(code) { return single == UInt16(unit) }
        if folder.isWhitespace(code) || folder.isDropped(code) { return false }
        return folder.expansion(code).first == UInt16(unit)
    }

    // MARK: - Verification

    private enum Verdict {
        case matched(end: Int)
        case failed
        case unsupported(Int)
    }

    /// What one character folds to.
    private enum Piece {
        case end
        case whitespace
        case dropped
        case unit(UInt16)
        case units([UInt16])
        case unreadable
    }

    /// Compares the folded text from the character at `start` with the pattern, then checks the
    /// match's edges.
    private func verify(from start: Int) -> Verdict {
        var index = start
        var matched = 0
        while matched < pattern.count {
            let expected = pattern[matched]
            if expected == 0x20 {
                // One whitespace run (dropped characters inside it or around it).
                var sawWhitespace = false
                run: while true {
                    let (piece, length) = self.piece(at: index)
                    switch piece {
                    case .whitespace:
                        sawWhitespace = true
                        index += length
                    case .dropped: index += length
                    case .unreadable: return .unsupported(index)
                    default: break run
                    }
                }
                guard sawWhitespace else { return .failed }
                matched += 1
                continue
            }
            let (piece, length) = self.piece(at: index)
            switch piece {
            case .end, .whitespace:
                return .failed
            case .unreadable:
                return .unsupported(index)
            case .dropped:
                break
            case .unit(let unit):
                guard unit == UInt16(expected) else { return .failed }
                matched += 1
            case .units(let units):
                // The whole expansion must lie inside the match (a match never ends inside a character).
                guard matched + units.count <= pattern.count else { return .failed }
                for (offset, unit) in units.enumerated() where unit != UInt16(pattern[matched + offset]) { return .failed }
                matched += units.count
            }
            index += length
        }
        return edgesAccept(start: start, end: index)
    }

    /// The checks of ``MatchBoundaries`` at a match's edges: it may not end before a mark, and a
    /// whole-word match starts and ends at word boundaries. (It cannot start at a mark or inside a
    /// character: its first unit is ASCII and the first of its character's.)
    private func edgesAccept(start: Int, end: Int) -> Verdict {
        let after: Unicode.Scalar?
        switch firstScalar(from: end) {
        case .unsupported(let offset): return .unsupported(offset)
        case .found(let scalar): after = scalar
        }
        if let after, ScalarFolder.isMark(after) { return .failed }
        guard wholeWords else { return .matched(end: end) }
        let first = Unicode.Scalar(pattern[0]), last = Unicode.Scalar(pattern[pattern.count - 1])
        guard MatchBoundaries.isBoundary(before: last, after: after),
              MatchBoundaries.isBoundary(before: lastScalar(before: start), after: first) else { return .failed }
        return .matched(end: end)
    }

    private enum Neighbour {
        case found(Unicode.Scalar?)
        case unsupported(Int)
    }

    /// The first scalar of the folded text from `index` on (a space for whitespace), nil at the end.
    private func firstScalar(from start: Int) -> Neighbour {
        var index = start
        while true {
            let (piece, length) = self.piece(at: index)
            switch piece {
            case .end: return .found(nil)
            case .unreadable: return .unsupported(index)
            case .dropped: index += length
            case .whitespace: return .found(" ")
            case .unit(let unit): return .found(Self.scalar(unit, following: nil))
            case .units(let units): return .found(Self.scalar(units[0], following: units.count > 1 ? units[1] : nil))
            }
        }
    }

    /// The last scalar of the folded text before `end` (a space for whitespace), nil at the start.
    /// The bytes before a candidate have all been read, so they are well-formed.
    private func lastScalar(before end: Int) -> Unicode.Scalar? {
        var index = end
        while index > 0 {
            var start = index - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            let (piece, _) = self.piece(at: start)
            switch piece {
            case .end, .unreadable: return nil
            case .dropped: index = start
            case .whitespace: return " "
            case .unit(let unit): return Self.scalar(unit, following: nil)
            case .units(let units):
                let last = units[units.count - 1]
                if UTF16.isTrailSurrogate(last), units.count >= 2 {
                    return Self.scalar(units[units.count - 2], following: last)
                }
                return Self.scalar(last, following: nil)
            }
        }
        return nil
    }

    /// The scalar a unit starts (with the unit after it when it is a lead surrogate).
    private static func scalar(_ unit: UInt16, following: UInt16?) -> Unicode.Scalar? {
        if UTF16.isLeadSurrogate(unit), let following, UTF16.isTrailSurrogate(following) {
            return Unicode.Scalar(0x1_0000 + (UInt32(unit - 0xD800) << 10) + UInt32(following - 0xDC00))
        }
        return Unicode.Scalar(unit)
    }

    /// What the character at `index` folds to, and its length in bytes.
    @inline(__always)
    private func piece(at index: Int) -> (Piece, Int) {
        guard index < bytes.count else { return (.end, 0) }
        let byte = bytes[index]
        if byte < 0x80 {
            switch byte {
            case 0x20, 0x09, 0x0A...0x0D: return (.whitespace, 1)
            case 0x41...0x5A where foldsCase: return (.unit(UInt16(byte | 0x20)), 1)
            default: return (.unit(UInt16(byte)), 1)
            }
        }
        guard let (scalar, length) = decode(at: index), scalar.value != 0x3164 else { return (.unreadable, 0) }
        let code = folder.code(scalar)
        if let unit = folder.singleUnit(code) { return (.unit(unit), length) }
        if folder.isWhitespace(code) { return (.whitespace, length) }
        if folder.isDropped(code) { return (.dropped, length) }
        return (.units(folder.expansion(code)), length)
    }

    /// Where the folded text's next unit comes from after a match that ends at `end`: past the
    /// characters folding drops (a combining mark when diacritics are ignored, a soft hyphen),
    /// which a match found in the folded blocks takes in, up to `limit`.
    func foldedEnd(ofMatchEndingAt end: Int, limit: Int) -> Int {
        var index = end
        while index < min(limit, bytes.count) {
            guard case (.dropped, let length) = piece(at: index) else { break }
            index += length
        }
        return index
    }

    /// The scalar whose lead byte (not ASCII) is at `index` and its length, nil when the bytes
    /// there are not well-formed UTF-8 (Unicode's table 3-7: no overlong forms, no surrogates,
    /// nothing past U+10FFFF, no truncated sequence).
    @inline(__always)
    private func decode(at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int, low: UInt8, high: UInt8
        switch lead {
        case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
        case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
        case 0xED: (length, low, high) = (3, 0x80, 0x9F)
        case 0xE1...0xEF: (length, low, high) = (3, 0x80, 0xBF)
        case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
        case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
        case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        value = value << 6 | UInt32(second & 0x3F)
        var offset = 2
        while offset < length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
            offset += 1
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }
}

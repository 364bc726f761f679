import ReaderCore

extension HitContext {
    /// The context of a match found in a document's UTF-8 bytes read in place (see
    /// ``UTF8TextProviding``), exactly as ``make(start:end:texts:)`` gives it from the blocks; nil
    /// when the bytes alone cannot tell, and the caller builds the blocks. `section` is the one
    /// the match starts in.
    ///
    /// Why the bytes tell: the blocks hold the bytes' characters in order, with whitespace where
    /// the bytes have whitespace (lines trimmed and joined, blocks ended by a virtual line break).
    /// So the collapsed text between two places is the same in both, and the blocks never hold
    /// more UTF-16 units between two places than the bytes do: the blocks' window of ``window``
    /// units reaches at least as far as the bytes' one. Whatever the window, what is kept is the
    /// last (or first) ``reach`` characters. The bytes are not enough, and nil is returned, where
    /// the two may differ: bytes that are not well-formed UTF-8, a U+FEFF (which trimming drops),
    /// a line break between two characters outside ASCII (lines of scripts without spaces join
    /// without one), a section boundary not after a line break or into a section that does not run
    /// on, more than one section boundary on a side (the blocks' window looks into one neighbour
    /// only), and a side whose window holds too few characters before reaching the text's end.
    ///
    /// Most contexts are counted in scalars (``SimpleScalars``); the others are decoded whole.
    static func inPlace(_ match: Range<Int>, section: Int, in text: UTF8Text, runsOn: (Int) -> Bool) -> Locator.TextContext? {
        var buffer: [UInt8] = []
        return inPlace(match, section: section, in: text, runsOn: runsOn, appendingTo: &buffer)?.context(in: buffer)
    }

    /// The context of a match as ``inPlace(_:section:in:runsOn:)`` gives it, its text appended to
    /// `buffer` (nothing is appended when the bytes cannot tell): no string is made.
    static func inPlace(_ match: Range<Int>, section: Int, in text: UTF8Text, runsOn: (Int) -> Bool,
                        appendingTo buffer: inout [UInt8]) -> PieceRanges? {
        let bytes = text.bytes
        guard let textStart = text.sectionRanges.first?.lowerBound, let textEnd = text.sectionRanges.last?.upperBound
        else { return nil }
        let start = startOfWindow(before: match.lowerBound, from: textStart, bytes)
        let end = endOfWindow(after: match.upperBound, to: textEnd, bytes)
        let window = Window(match: match, start: start, end: end, atTextStart: start == textStart, atTextEnd: end == textEnd)
        if let ranges = simpleContext(window, section: section, in: text, runsOn: runsOn, appendingTo: &buffer) { return ranges }
        guard let context = decodedContext(window, section: section, in: text, runsOn: runsOn) else { return nil }
        return PieceRanges(context, appendingTo: &buffer)
    }

    /// Where the three pieces of a context lie in a buffer of UTF-8 text.
    struct PieceRanges {
        var before: Range<Int>
        var highlight: Range<Int>
        var after: Range<Int>

        /// The pieces of `context` appended to `buffer` (a missing one as an empty one).
        init(_ context: Locator.TextContext, appendingTo buffer: inout [UInt8]) {
            func append(_ piece: String?) -> Range<Int> {
                let start = buffer.count
                buffer.append(contentsOf: (piece ?? "").utf8)
                return start..<buffer.count
            }
            before = append(context.before)
            highlight = append(context.highlight)
            after = append(context.after)
        }

        /// Pieces already in a buffer.
        init(before: Range<Int>, highlight: Range<Int>, after: Range<Int>) {
            self.before = before
            self.highlight = highlight
            self.after = after
        }

        /// The context whose pieces these are, in `buffer`.
        func context(in buffer: [UInt8]) -> Locator.TextContext {
            func string(_ range: Range<Int>) -> String { String(decoding: buffer[range], as: UTF8.self) }
            return Locator.TextContext(before: string(before), highlight: string(highlight), after: string(after))
        }
    }

    /// A match and the ``window`` units either side of it in the bytes, which reach the text's start
    /// or end when it is nearer.
    private struct Window {
        var match: Range<Int>
        var start: Int
        var end: Int
        var atTextStart: Bool
        var atTextEnd: Bool
    }

    /// The context counted in scalars, when the ``reach`` characters either side are simple ones
    /// (``SimpleScalars``): only those need to agree with the blocks, and simple scalars never
    /// meet a join without a space. Nil otherwise.
    private static func simpleContext(_ window: Window, section: Int, in text: UTF8Text, runsOn: (Int) -> Bool,
                                      appendingTo buffer: inout [UInt8]) -> PieceRanges? {
        let simple = SimpleScalars(bytes: text.bytes)
        // One character to spare: the text beyond the last one read must not change the count.
        let limit = reach + 2
        return withUnsafeTemporaryAllocation(of: SimpleScalars.Packed.self, capacity: 2 * limit) { scalars in
            let beforeBuffer = UnsafeMutableBufferPointer(rebasing: scalars[..<limit])
            let afterBuffer = UnsafeMutableBufferPointer(rebasing: scalars[limit...])
            guard let before = simple.collapsed(before: window.match.lowerBound, from: window.start, into: beforeBuffer),
                  let after = simple.collapsed(from: window.match.upperBound, before: window.end, into: afterBuffer),
                  before.count == limit || window.atTextStart, after.count == limit || window.atTextEnd,
                  boundariesAreClean(before.start..<after.end, match: window.match, section: section, in: text, runsOn: runsOn),
                  let highlight = simple.appendCollapsed(from: window.match.lowerBound, before: window.match.upperBound,
                                                         to: &buffer)
            else { return nil }
            var kept = beforeBuffer[(limit - before.count)...]
            if kept.count > reach {
                kept = kept.suffix(reach)
                if let space = kept.prefix(reach - minimum).firstIndex(of: SimpleScalars.space) { kept = kept[(space + 1)...] }
            } else if kept.first == SimpleScalars.space {
                kept = kept.dropFirst()
            }
            var following = afterBuffer[..<after.count]
            if following.count > reach {
                following = following.prefix(reach)
                if let space = following.suffix(reach - minimum).lastIndex(of: SimpleScalars.space) {
                    following = following[..<space]
                }
            } else if following.last == SimpleScalars.space {
                following = following.dropLast()
            }
            return PieceRanges(before: simple.append(kept, to: &buffer), highlight: highlight,
                               after: simple.append(following, to: &buffer))
        }
    }

    /// The context from the decoded text of the whole window, nil where the bytes cannot tell.
    private static func decodedContext(_ window: Window, section: Int, in text: UTF8Text,
                                       runsOn: (Int) -> Bool) -> Locator.TextContext? {
        let bytes = text.bytes, match = window.match
        guard boundariesAreClean(window.start..<window.end, match: match, section: section, in: text, runsOn: runsOn),
              let before = decoded(bytes, window.start..<match.lowerBound),
              let highlight = decoded(bytes, match),
              let after = decoded(bytes, match.upperBound..<window.end),
              !holdsWideJoin(bytes, window.start..<window.end) else { return nil }
        let collapsedBefore = collapsed(before), collapsedAfter = collapsed(after)
        // One character to spare: the window's first one may be a piece of a longer cluster.
        guard collapsedBefore.count > reach + 1 || window.atTextStart,
              collapsedAfter.count > reach + 1 || window.atTextEnd else { return nil }
        return Locator.TextContext(before: trimmedBefore(collapsedBefore), highlight: collapsed(highlight),
                                   after: trimmedAfter(collapsedAfter))
    }

    /// Where the ``window`` UTF-16 units before `offset` begin, or `textStart`.
    private static func startOfWindow(before offset: Int, from textStart: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = offset, units = 0
        // Eight bytes at a time while the window is not full after them, then byte by byte.
        while index - 8 >= textStart, case let word = utf16Units(inEightBytesAt: index - 8, bytes), units + word < window {
            units += word
            index -= 8
        }
        while index > textStart, units < window {
            index -= 1
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
        }
        return index
    }

    /// Where the ``window`` UTF-16 units after `offset` end, or `textEnd`.
    private static func endOfWindow(after offset: Int, to textEnd: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = offset, units = 0
        while index + 8 <= textEnd, case let word = utf16Units(inEightBytesAt: index, bytes), units + word < window {
            units += word
            index += 8
        }
        while index < textEnd, units < window || bytes[index] & 0xC0 == 0x80 {
            let byte = bytes[index]
            if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
            index += 1
        }
        return index
    }

    /// The UTF-16 units the characters starting in the eight bytes at `offset` take, as the
    /// window loops count them: one per byte that is not a continuation byte, two for a lead
    /// byte of four.
    @inline(__always)
    private static func utf16Units(inEightBytesAt offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        let highBits: UInt64 = 0x8080_8080_8080_8080
        // A continuation byte is 10xxxxxx: its top bit set and the next one clear.
        let starts = (~word | word << 1) & highBits
        let fourByteLeads = word & word << 1 & word << 2 & word << 3 & highBits
        // One per flagged byte, summed into the top byte by a multiply (a population count is
        // not an instruction of the baseline x86-64 the release is built for).
        return Int((((starts >> 7) &+ (fourByteLeads >> 7)) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// Whether every section boundary in `range` follows a line break and starts a section that
    /// runs on, with at most one up to the match's start and one from its end on. `section` is
    /// the one the match starts in.
    private static func boundariesAreClean(_ range: Range<Int>, match: Range<Int>, section: Int, in text: UTF8Text,
                                           runsOn: (Int) -> Bool) -> Bool {
        let ranges = text.sectionRanges
        func isClean(_ index: Int) -> Bool {
            let byte = text.bytes[ranges[index].lowerBound - 1]
            return (byte == 0x0A || byte == 0x0D) && runsOn(index)
        }
        var before = 0, after = 0
        var index = section
        while index > 0, ranges[index].lowerBound > range.lowerBound {
            guard isClean(index) else { return false }
            if ranges[index].lowerBound <= match.lowerBound { before += 1 }
            index -= 1
        }
        index = section + 1
        while index < ranges.count, ranges[index].lowerBound < range.upperBound {
            guard isClean(index) else { return false }
            if ranges[index].lowerBound >= match.upperBound { after += 1 }
            index += 1
        }
        return before <= 1 && after <= 1
    }

    /// The text of `range`, nil when it is not well-formed UTF-8 or holds a U+FEFF.
    private static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        guard let text = String(validating: slice, as: UTF8.self), !text.unicodeScalars.contains("\u{FEFF}") else { return nil }
        return text
    }

    /// Whether a line break in `range` has a character outside ASCII on both sides (whitespace
    /// aside), where the blocks may join two lines without a space.
    private static func holdsWideJoin(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index += 1
                continue
            }
            var low = index, high = index
            while low > range.lowerBound, isSpace(bytes[low - 1]) { low -= 1 }
            while high < range.upperBound, isSpace(bytes[high]) { high += 1 }
            if low > range.lowerBound, bytes[low - 1] >= 0x80, high < range.upperBound, bytes[high] >= 0x80 { return true }
            index = high
        }
        return false
    }
}

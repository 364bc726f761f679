import ReaderCore

/// An image met in inline content, waiting to learn whether it gets a block of its own.
struct InlineImage {
    /// Its index in ``HTMLContent/images``.
    var record: Int
    /// The alternative text, whitespace collapsed.
    var alternativeText: String
    /// The `src` as written.
    var source: String?
    /// Where it sits in the source text.
    var sourceOffset: Int
    /// The nearest id at or before it.
    var anchorID: String?
    /// What inline runs and image blocks say of it.
    var reference: ImageReference
}

/// The inline content of one block being gathered: shown text, its source map, and the spaces,
/// line breaks and images still waiting to be placed.
///
/// Outside preformatted text, whitespace collapses as CSS `white-space: normal` does: a run of
/// spaces, tabs, line feeds, carriage returns and form feeds becomes one space mapped to the run's
/// first character, dropped at the edges of the block and around forced line breaks; a run that
/// holds a line break between two wide East Asian characters (Hangul excepted) or next to a
/// zero-width space disappears (CSS Text 3 segment-break rules). U+00A0 is not collapsible. Soft
/// hyphens (U+00AD) are never shown. Inside preformatted text every character is kept, except
/// the blank lines at the start and end of the block, carriage returns before line feeds, and soft
/// hyphens.
///
/// Text is scanned and gathered as UTF-8 bytes (what Swift strings hold), so a word costs a copy,
/// not a walk over its scalars; the string is made once, when the block is emitted.
struct InlineText {
    /// Marks a pending space that comes from no source character (a block boundary in a cell).
    static let unmapped = -1

    /// The UTF-8 bytes of the text so far.
    private(set) var utf8: [UInt8] = []
    /// The UTF-16 length of the text so far.
    private(set) var length = 0
    /// Runs mapping the text to the source text (engine-made characters are left out).
    private(set) var map = SourceMap()
    /// Whether any character of the document's own text was written (not alternative text).
    private(set) var hasDocumentText = false
    /// The source offset of the first content written.
    private(set) var startOffset: Int?
    /// The nearest id at or before the first content.
    private(set) var anchorID: String?
    /// Images met, in order.
    var images: [InlineImage] = []
    /// Whether this is the content of a table header cell (`th`).
    var isHeaderCell = false
    /// Inline runs closed so far (see ``openStyle(_:)``).
    private(set) var runs: [InlineRun] = []
    /// Styles opened and not closed yet, with where their text starts: nil until content follows,
    /// so a run never takes in the space or line break written before its first character.
    private var openStyles: [(token: Int, style: InlineStyle, start: Int?)] = []
    private var hasUnstartedStyles = false
    private var nextStyleToken = 0
    /// The nearest id at or before the current position (kept across blocks).
    var nearestID: String?

    private var pendingSpace: Int?
    private var pendingSpaceHasSegmentBreak = false
    private var pendingBreaks = 0
    private var pendingPreformatted: [(byte: UInt8, source: Int)] = []

    init(nearestID: String? = nil) {
        self.nearestID = nearestID
    }

    /// The text so far.
    var text: String { String(decoding: utf8, as: UTF8.self) }

    /// Nothing written and no image met.
    var isEmpty: Bool { length == 0 && images.isEmpty }

    /// Takes the gathered content and starts over (the nearest id is kept). Styles still open
    /// end with the taken content and go on in what follows.
    mutating func take() -> InlineText {
        var taken = self
        taken.closeOpenStyles()
        let stillOpen = openStyles
        self = InlineText(nearestID: nearestID)
        openStyles = stillOpen.map { ($0.token, $0.style, nil) }
        hasUnstartedStyles = !openStyles.isEmpty
        nextStyleToken = taken.nextStyleToken
        return taken
    }

    // MARK: Inline styles

    /// Starts a run of `style` at the next content written; returns the token that ends it.
    mutating func openStyle(_ style: InlineStyle) -> Int {
        nextStyleToken += 1
        openStyles.append((nextStyleToken, style, nil))
        hasUnstartedStyles = true
        return nextStyleToken
    }

    /// Ends the run opened with `token`; a run that covered no text leaves nothing.
    mutating func closeStyle(_ token: Int) {
        guard let index = openStyles.lastIndex(where: { $0.token == token }) else { return }
        let open = openStyles.remove(at: index)
        if let start = open.start, start < length { runs.append(InlineRun(open.style, range: start..<length)) }
    }

    /// An image's alternative text, placed like a word, with an image run over it (an empty run
    /// at the place of an image without alternative text).
    mutating func appendImage(_ reference: ImageReference, at offset: Int, preformatted: Bool) {
        let before = length
        appendUnmapped(reference.alternativeText, at: offset, preformatted: preformatted)
        // Written: the alternative text ends the content (a separator may stand before it).
        let start = length == before ? length : length - reference.alternativeText.utf16Length
        runs.append(InlineRun(.image(reference), range: start..<length))
    }

    /// The runs with every run still open ended here, sorted by where they start.
    private mutating func closeOpenStyles() {
        for open in openStyles.reversed() {
            if let start = open.start, start < length { runs.append(InlineRun(open.style, range: start..<length)) }
        }
        runs = InlineRun.ordered(closingOrder: runs)
    }

    /// Content is about to be written at `length`: styles waiting for it start here.
    @inline(__always)
    private mutating func startWaitingStyles() {
        guard hasUnstartedStyles else { return }
        for index in openStyles.indices where openStyles[index].start == nil { openStyles[index].start = length }
        hasUnstartedStyles = false
    }

    /// The source map with a zero-length run at text offset 0 when the text does not start with
    /// source characters, so every offset of the block maps somewhere near its start.
    func anchoredMap(defaultOffset: Int) -> SourceMap {
        let start = startOffset ?? defaultOffset
        let anchor = SourceMap.Run(textStart: 0, sourceStart: start, length: 0)
        guard let first = map.runs.first else { return SourceMap(runs: [anchor]) }
        return first.textStart == 0 ? map : SourceMap(runs: [anchor] + map.runs)
    }

    // MARK: Flowing text

    /// Appends document text, collapsing whitespace; `sourceStart` is where it starts in the
    /// source text.
    mutating func appendFlowing(_ string: String, sourceStart: Int) {
        var string = string
        string.withUTF8 { appendFlowing($0, sourceStart: sourceStart) }
    }

    private mutating func appendFlowing(_ bytes: UnsafeBufferPointer<UInt8>, sourceStart: Int) {
        let count = bytes.count
        var index = 0
        var offset = sourceStart
        var spanStart = 0
        var spanSource = 0
        var spanUnits = 0
        var inSpan = false
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x20 where inSpan && index + 1 < count && !Self.isSpecial(bytes, at: index + 1):
                // A single space between two words stays as it is: keep the span going.
                spanUnits += 1
                offset += 1
                index += 1
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C:
                if inSpan {
                    write(UnsafeBufferPointer(rebasing: bytes[spanStart..<index]), source: spanSource, units: spanUnits)
                    inSpan = false
                }
                noteSpace(at: offset, segmentBreak: byte == 0x0A || byte == 0x0D)
                offset += 1
                index += 1
            case 0xC2 where index + 1 < count && bytes[index + 1] == 0xAD:  // soft hyphen: never shown
                if inSpan {
                    write(UnsafeBufferPointer(rebasing: bytes[spanStart..<index]), source: spanSource, units: spanUnits)
                    inSpan = false
                }
                offset += 1
                index += 2
            default:
                if !inSpan {
                    inSpan = true
                    spanStart = index
                    spanSource = offset
                    spanUnits = 0
                }
                let units = Self.utf16Units(leadByte: byte)
                spanUnits += units
                offset += units
                index += 1
            }
        }
        if inSpan { write(UnsafeBufferPointer(rebasing: bytes[spanStart..<count]), source: spanSource, units: spanUnits) }
    }

    /// Whether the next content starts a line: nothing written yet, or a line break pending.
    var isAtLineStart: Bool { length == 0 || pendingBreaks > 0 }

    /// A collapsible space standing for white space at `offset` in the source text.
    mutating func appendSpace(at offset: Int) {
        noteSpace(at: offset, segmentBreak: false)
    }

    /// A collapsible space that comes from no source character (a block boundary inside a cell).
    mutating func appendBoundarySpace() {
        noteSpace(at: Self.unmapped, segmentBreak: false)
    }

    /// A forced line break: shown as `"\n"` once more content follows (dropped at the block's edges).
    mutating func appendLineBreak(preformatted: Bool) {
        if preformatted {
            pendingPreformatted.append((0x0A, Self.unmapped))
            return
        }
        guard length > 0 else { return }
        pendingBreaks += 1
        pendingSpace = nil
    }

    /// A line-break opportunity: a zero-width space, unless a space or break is already there.
    mutating func appendWordBreak() {
        guard length > 0, pendingSpace == nil, pendingBreaks == 0, pendingPreformatted.isEmpty else { return }
        utf8 += [0xE2, 0x80, 0x8B]
        length += 1
    }

    /// Text made by the engine (an image's alternative text), placed like a word at `offset`.
    mutating func appendUnmapped(_ string: String, at offset: Int, preformatted: Bool) {
        guard let first = string.unicodeScalars.first else { return }
        if preformatted { placePreformattedSeparators(offset: offset) } else { placeSeparators(before: first, offset: offset) }
        startWaitingStyles()
        utf8 += string.utf8
        length += string.utf16Length
    }

    private mutating func noteSpace(at offset: Int, segmentBreak: Bool) {
        guard length > 0, pendingBreaks == 0 else { return }
        if pendingSpace == nil {
            pendingSpace = offset
            pendingSpaceHasSegmentBreak = segmentBreak
        } else if segmentBreak {
            pendingSpaceHasSegmentBreak = true
        }
    }

    private mutating func write(_ span: UnsafeBufferPointer<UInt8>, source: Int, units: Int) {
        placeSeparators(before: Self.firstScalar(of: span), offset: source)
        startWaitingStyles()
        utf8 += span
        map.append(textStart: length, sourceStart: source, length: units)
        length += units
        hasDocumentText = true
    }

    /// Writes the pending line breaks or space before content starting with `first` (an
    /// autoclosure: the scalar is decoded only when a segment break needs it).
    private mutating func placeSeparators(before first: @autoclosure () -> Unicode.Scalar, offset: Int) {
        guard length > 0 else {
            pendingSpace = nil
            pendingBreaks = 0
            noteStart(offset)
            return
        }
        if pendingBreaks > 0 {
            utf8 += repeatElement(0x0A, count: pendingBreaks)
            length += pendingBreaks
            pendingBreaks = 0
            pendingSpace = nil
            return
        }
        guard let space = pendingSpace else { return }
        pendingSpace = nil
        if pendingSpaceHasSegmentBreak, let last = Self.lastScalar(of: utf8),
           Self.removesSegmentBreak(between: last, and: first()) {
            return
        }
        utf8.append(0x20)
        if space != Self.unmapped { map.append(textStart: length, sourceStart: space, length: 1) }
        length += 1
    }

    private mutating func noteStart(_ offset: Int) {
        guard startOffset == nil else { return }
        startOffset = offset
        anchorID = nearestID
    }

    /// CSS Text 3: a segment break next to a zero-width space, or between two wide or fullwidth
    /// characters neither of which is Hangul, is removed rather than turned into a space.
    static func removesSegmentBreak(between before: Unicode.Scalar, and after: Unicode.Scalar) -> Bool {
        if before == "\u{200B}" || after == "\u{200B}" { return true }
        return isWideNotHangul(before) && isWideNotHangul(after)
    }

    private static func isWideNotHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: return false
        default: return CellWidth.of(scalar) == 2
        }
    }

    // MARK: Preformatted text

    /// Appends document text keeping spaces and line breaks.
    mutating func appendPreformatted(_ string: String, sourceStart: Int) {
        var string = string
        string.withUTF8 { appendPreformatted($0, sourceStart: sourceStart) }
    }

    private mutating func appendPreformatted(_ bytes: UnsafeBufferPointer<UInt8>, sourceStart: Int) {
        let count = bytes.count
        var index = 0
        var offset = sourceStart
        var spanStart = 0
        var spanSource = 0
        var spanUnits = 0
        var inSpan = false
        while index < count {
            let byte = bytes[index]
            if Self.isSpecial(bytes, at: index) {
                if inSpan {
                    writePreformatted(UnsafeBufferPointer(rebasing: bytes[spanStart..<index]), source: spanSource,
                                      units: spanUnits)
                    inSpan = false
                }
                switch byte {
                case 0x0D where index + 1 < count && bytes[index + 1] == 0x0A: break  // CR LF: the LF is the break
                case 0x0A, 0x0D: pendingPreformatted.append((0x0A, offset))
                case 0x0C: pendingPreformatted.append((0x20, offset))
                case 0xC2: index += 1  // soft hyphen
                default: pendingPreformatted.append((byte, offset))
                }
                offset += 1
                index += 1
                continue
            }
            if !inSpan {
                inSpan = true
                spanStart = index
                spanSource = offset
                spanUnits = 0
            }
            let units = Self.utf16Units(leadByte: byte)
            spanUnits += units
            offset += units
            index += 1
        }
        if inSpan {
            writePreformatted(UnsafeBufferPointer(rebasing: bytes[spanStart..<count]), source: spanSource, units: spanUnits)
        }
    }

    private mutating func writePreformatted(_ span: UnsafeBufferPointer<UInt8>, source: Int, units: Int) {
        placePreformattedSeparators(offset: source)
        startWaitingStyles()
        utf8 += span
        map.append(textStart: length, sourceStart: source, length: units)
        length += units
        hasDocumentText = true
    }

    /// Writes the pending whitespace of preformatted text; at the start of the block, blank lines
    /// are dropped and only the indentation of the first line is kept.
    private mutating func placePreformattedSeparators(offset: Int) {
        if length == 0 {
            if let lastBreak = pendingPreformatted.lastIndex(where: { $0.byte == 0x0A }) {
                pendingPreformatted.removeSubrange(...lastBreak)
            }
            let first = pendingPreformatted.first?.source ?? offset
            noteStart(first == Self.unmapped ? offset : first)
        }
        for (byte, source) in pendingPreformatted {
            utf8.append(byte)
            if source != Self.unmapped { map.append(textStart: length, sourceStart: source, length: 1) }
            length += 1
        }
        pendingPreformatted.removeAll(keepingCapacity: true)
    }

    // MARK: UTF-8

    /// Collapsible white space, or the first byte of a soft hyphen (C2 AD).
    @inline(__always)
    private static func isSpecial(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D, 0x0C: return true
        case 0xC2: return index + 1 < bytes.count && bytes[index + 1] == 0xAD
        default: return false
        }
    }

    /// The UTF-16 units of the scalar a UTF-8 byte starts (0 for continuation bytes).
    @inline(__always)
    private static func utf16Units(leadByte byte: UInt8) -> Int {
        if byte < 0x80 { return 1 }
        if byte < 0xC0 { return 0 }
        return byte >= 0xF0 ? 2 : 1
    }

    private static func firstScalar(of bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return "\u{FFFD}"
    }

    private static func lastScalar(of bytes: [UInt8]) -> Unicode.Scalar? {
        guard var start = bytes.indices.last else { return nil }
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}

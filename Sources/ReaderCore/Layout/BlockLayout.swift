/// Lays blocks out in lines of a fixed number of terminal cells.
///
/// Flowing text (paragraphs, headings, quotes, list items, image alt text) is word-wrapped:
/// breaks after spaces, after a hyphen between letters, around CJK ideographs, kana, Hangul and
/// emoji, never before closing or after opening punctuation unless a run cannot be broken
/// otherwise; words wider than a line are cut between grapheme clusters. Preformatted text keeps
/// its lines and is cut hard at the width. `"\n"` is always a forced break.
public enum BlockLayout {
    /// Lays a block out in lines of at most `columns` cells (prefix and text together), unless a
    /// single grapheme cluster is wider than the room left for text; it then gets a line of its own.
    ///
    /// The lines' `textRange`s tile `block.text` in UTF-16 units. An empty text (or a rule) gives
    /// exactly one line with empty text.
    public static func lines(of block: Block, columns: Int) -> [LayoutLine] {
        let laidOut = LaidOutBlock(block, columns: columns)
        return laidOut.layoutLines(0..<laidOut.count)
    }

    /// Lays out blocks one after another as the paginator does on one endless page: each block's
    /// lines, with its `spacingBefore` blank lines between it and the block before.
    public static func lines(of blocks: [Block], columns: Int) -> [String] {
        var result: [String] = []
        for (index, block) in blocks.enumerated() {
            if index > 0 { result += repeatElement("", count: block.spacingBefore) }
            result += lines(of: block, columns: columns).map(\.rendered)
        }
        return result
    }

    /// The number of lines ``lines(of:columns:)-(Block,_)`` would return, found by the same line breaker
    /// without building any string.
    public static func lineCount(of block: Block, columns: Int) -> Int {
        let columns = max(1, columns)
        if case .rule = block.kind { return 1 }
        if block.text.isEmpty { return 1 }
        let available = columns - LinePrefix.width(of: block, columns: columns)
        let mode = wrapMode(of: block)
        return withUTF8(block.text) { bytes, text in
            var breaker = LineBreaker(sink: LineCounter(), mode: mode, available: available)
            breaker.finish(at: ClusterScanner.scan(bytes, of: text, into: &breaker))
            return breaker.sink.count
        }
    }

    /// The `textRange`s ``lines(of:columns:)-(Block,_)`` would return, without building any string: what the
    /// paginator needs to know where a page that splits a block starts.
    public static func lineRanges(of block: Block, columns: Int) -> [Range<Int>] {
        let columns = max(1, columns)
        if case .rule = block.kind { return [0..<block.text.utf16.count] }
        if block.text.isEmpty { return [0..<0] }
        let available = columns - LinePrefix.width(of: block, columns: columns)
        let mode = wrapMode(of: block)
        return withUTF8(block.text) { bytes, text in
            var breaker = LineBreaker(sink: LineRecorder(), mode: mode, available: available)
            breaker.finish(at: ClusterScanner.scan(bytes, of: text, into: &breaker))
            return breaker.sink.lines.map { $0.start.utf16..<$0.end.utf16 }
        }
    }

    /// How the text of `block` wraps. A table's text is preformatted (aligned columns, one row a
    /// line) but wraps at word boundaries, so a table wider than the page is never cut mid-word.
    static func wrapMode(of block: Block) -> WrapMode {
        if case .preformatted = block.kind, block.tableRows.isEmpty { return .preformatted }
        return .flowing
    }

    /// Runs `body` on the UTF-8 bytes of `text` (and the string they belong to) without copying
    /// them when the string is already contiguous UTF-8.
    static func withUTF8<Result>(_ text: String,
                                         _ body: (UnsafeBufferPointer<UInt8>, String) -> Result) -> Result {
        var contiguous = text
        contiguous.makeContiguousUTF8()
        let native = contiguous
        if let result = native.utf8.withContiguousStorageIfAvailable({ body($0, native) }) { return result }
        return Array(native.utf8).withUnsafeBufferPointer { body($0, native) }
    }
}

/// Builds the text a line shows from its bytes.
enum LineText {
    /// The text of `bytes[range]`: tabs become one space in flowing text and spaces up to the
    /// next multiple of four cells in preformatted text, as the line breaker measured them.
    static func make(from bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, mode: WrapMode,
                     available: Int) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[range])
        let text = String(decoding: slice, as: UTF8.self)
        guard slice.contains(0x09) else { return text }
        var expanded = ""
        var column = 0
        for character in text {
            guard character == "\t" else {
                expanded.append(character)
                column += CellWidth.of(cluster: character.unicodeScalars)
                continue
            }
            let cells = mode == .flowing ? 1 : WrapMode.tabWidth(at: column, available: available)
            expanded += String(repeating: " ", count: cells)
            column += cells
        }
        return expanded
    }
}

import Foundation

/// The blocks of one section broken into lines, for a whole text streamed as bytes: the lines of
/// every plain block (no decoration, no tab, contiguous UTF-8 text) kept together in one array,
/// with no object or array of their own, and every other block as a ``LaidOutBlock``. A block's
/// lines, and the bytes written for them, are those ``LaidOutBlock`` gives: the same line breaker
/// cuts them, and a plain block's line shows its text as it is.
final class LaidOutSection: Sendable {
    /// The blocks, whose texts the lines of plain blocks are cut from.
    private let blocks: [Block]
    /// The lines of the plain blocks, block after block.
    private let lines: [CompactLine]
    /// Where each block's lines start in ``lines``, and after the last block where they end.
    private let lineStarts: [Int]
    /// The blocks that are not plain, laid out alone; nil for plain blocks.
    private let others: [LaidOutBlock?]

    /// Lays out `blocks` in lines of at most `columns` cells.
    init(blocks: [Block], columns: Int) {
        let columns = max(1, columns)
        self.blocks = blocks
        var lines: [CompactLine] = []
        lines.reserveCapacity(Self.expectedLineCount(of: blocks, columns: columns))
        var lineStarts: [Int] = []
        lineStarts.reserveCapacity(blocks.count + 1)
        var others: [LaidOutBlock?] = []
        others.reserveCapacity(blocks.count)
        // Blocks are read in place through the buffer: passing `blocks[index]` on would copy it,
        // retaining its every string and array.
        blocks.withUnsafeBufferPointer { source in
            withUnsafeMutablePointer(to: &lines) { target in
                for index in source.indices {
                    let block = source.baseAddress! + index
                    lineStarts.append(target.pointee.count)
                    let plain = Self.isPlain(block) && Self.appendLines(of: block, columns: columns, to: target)
                    others.append(plain ? nil : LaidOutBlock(block.pointee, columns: columns))
                }
                lineStarts.append(target.pointee.count)
            }
        }
        self.lines = lines
        self.lineStarts = lineStarts
        self.others = others
    }

    /// The number of blocks.
    var blockCount: Int { blocks.count }

    /// The lines of block `index`.
    func block(_ index: Int) -> BlockLines {
        BlockLines(section: self, block: index)
    }

    /// About how many lines `blocks` take at `columns` cells (one cell a byte, lines a little
    /// short of full), so the line array is allocated once for most sections.
    private static func expectedLineCount(of blocks: [Block], columns: Int) -> Int {
        let bytes = blocks.withUnsafeBufferPointer { source in
            source.indices.reduce(0) { $0 + (source.baseAddress! + $1).pointee.text.utf8.count }
        }
        return bytes / max(1, columns - columns / 8) + blocks.count
    }

    /// Whether `block` shows its lines without decoration: text outside quotes and lists, which
    /// has no prefix (quote bars, indentation, a label), so every line has all the columns; and
    /// whether its offsets fit a ``CompactLine``.
    private static func isPlain(_ block: UnsafePointer<Block>) -> Bool {
        guard block.pointee.quoteDepth <= 0, block.pointee.listDepth <= 0, !block.pointee.text.isEmpty,
              block.pointee.text.utf8.count <= Int(UInt32.max) else { return false }
        // As ``LinePrefix/width(of:columns:)``: without quotes and lists, only these kinds have a prefix.
        switch block.pointee.kind {
        case .rule, .listItem, .image: return false
        default: return true
        }
    }

    /// Breaks the text of a plain block into lines as ``LaidOutBlock`` does, appending them to
    /// `target`; false, with nothing appended, when the text is not contiguous UTF-8 or holds a
    /// tab (which a line's shown text expands).
    private static func appendLines(of block: UnsafePointer<Block>, columns: Int,
                                    to target: UnsafeMutablePointer<[CompactLine]>) -> Bool {
        // As ``BlockLayout/wrapMode(of:)``, reading the block in place.
        let mode: WrapMode
        if case .preformatted = block.pointee.kind, block.pointee.tableRows.isEmpty { mode = .preformatted } else { mode = .flowing }
        let laidOut: Bool? = block.pointee.text.utf8.withContiguousStorageIfAvailable { bytes in
            let linesBefore = target.pointee.count
            var breaker = LineBreaker(sink: AppendingLineSink(target: target), mode: mode, available: columns)
            breaker.finish(at: ClusterScanner.scan(bytes, of: block.pointee.text, into: &breaker))
            // Tabs are rare: a block is laid out first, and taken back when it held one, rather
            // than searched for one first.
            guard !breaker.sawTab else {
                target.pointee.removeSubrange(linesBefore...)
                return false
            }
            return true
        }
        return laidOut ?? false
    }

    /// Appends lines `range` of block `index` as ``LaidOutBlock/write(_:to:)`` does.
    fileprivate func write(block index: Int, lines range: Range<Int>, to output: inout [UInt8]) {
        if let other = others[index] {
            other.write(range, to: &output)
            return
        }
        guard !range.isEmpty else { return }
        let base = lineStarts[index]
        // The lines and the text are read through pointers: indexing the arrays line by line
        // would retain and release them at every line.
        lines.withUnsafeBufferPointer { lines in
            blocks.withUnsafeBufferPointer { blocks in
                _ = (blocks.baseAddress! + index).pointee.text.utf8.withContiguousStorageIfAvailable { bytes in
                    for line in lines[(base + range.lowerBound)..<(base + range.upperBound)] {
                        let shown = Int(line.startUTF8)..<Int(line.contentEndUTF8)
                        if !shown.isEmpty { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[shown])) }
                        output.append(0x0A)
                    }
                }
            }
        }
    }

    /// The lines of one block of a ``LaidOutSection``.
    struct BlockLines: LaidOutLines {
        fileprivate let section: LaidOutSection
        fileprivate let block: Int

        var count: Int {
            if let other = section.others[block] { return other.count }
            return section.lineStarts[block + 1] - section.lineStarts[block]
        }

        func textRange(ofLine index: Int) -> Range<Int> {
            if let other = section.others[block] { return other.textRange(ofLine: index) }
            let line = section.lines[section.lineStarts[block] + index]
            return Int(line.startUTF16)..<Int(line.endUTF16)
        }

        /// Appends lines `range` to `output` as UTF-8, each followed by a line feed.
        func write(_ range: Range<Int>, to output: inout [UInt8]) {
            section.write(block: block, lines: range, to: &output)
        }
    }
}

/// One line of a plain block in a quarter of the room of a ``LineRecorder/Line``: the offsets
/// the line is written and pointed at with, in 32 bits each (a plain block's text is shorter
/// than 4 GiB). A section's lines are written by one thread and read by another: the fewer
/// bytes, the less memory both go through.
private struct CompactLine {
    /// Where the line's share of the text starts, in UTF-8 code units.
    var startUTF8: UInt32
    /// Where the shown content ends, in UTF-8 code units.
    var contentEndUTF8: UInt32
    /// Where the line's share of the text starts, in UTF-16 code units.
    var startUTF16: UInt32
    /// Where the line's share of the text ends, in UTF-16 code units.
    var endUTF16: UInt32
}

/// A sink that appends every line to an array owned by its caller, so the lines of many blocks
/// share one array.
private struct AppendingLineSink: LineSink {
    let target: UnsafeMutablePointer<[CompactLine]>

    @inline(__always)
    mutating func addLine(start: TextOffset, contentEnd: TextOffset, end: TextOffset) {
        target.pointee.append(CompactLine(startUTF8: UInt32(truncatingIfNeeded: start.utf8),
                                          contentEndUTF8: UInt32(truncatingIfNeeded: contentEnd.utf8),
                                          startUTF16: UInt32(truncatingIfNeeded: start.utf16),
                                          endUTF16: UInt32(truncatingIfNeeded: end.utf16)))
    }
}

/// A block broken into lines, as the paginator reads it: how many lines, and the text range of each.
protocol LaidOutLines {
    /// The number of lines.
    var count: Int { get }
    /// The UTF-16 range of the block's text that line `index` stands for.
    func textRange(ofLine index: Int) -> Range<Int>
}

extension LaidOutLines {
    /// The first line whose text starts at or after UTF-16 offset `offset`, or nil.
    func firstLine(startingAtOrAfter offset: Int) -> Int? {
        (0..<count).first { textRange(ofLine: $0).lowerBound >= offset }
    }
}

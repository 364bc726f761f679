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
    private let lines: [LineRecorder.Line]
    /// Where each block's lines start in ``lines``, and after the last block where they end.
    private let lineStarts: [Int]
    /// The blocks that are not plain, laid out alone; nil for plain blocks.
    private let others: [LaidOutBlock?]

    /// Lays out `blocks` in lines of at most `columns` cells.
    init(blocks: [Block], columns: Int) {
        let columns = max(1, columns)
        self.blocks = blocks
        var lines: [LineRecorder.Line] = []
        lines.reserveCapacity(blocks.count * 4)
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

    /// Whether `block` shows its lines without decoration: text outside quotes and lists, which
    /// has no prefix (quote bars, indentation, a label), so every line has all the columns.
    private static func isPlain(_ block: UnsafePointer<Block>) -> Bool {
        guard block.pointee.quoteDepth <= 0, block.pointee.listDepth <= 0, !block.pointee.text.isEmpty else { return false }
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
                                    to target: UnsafeMutablePointer<[LineRecorder.Line]>) -> Bool {
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
        let base = lineStarts[index]
        _ = blocks.withUnsafeBufferPointer { $0[index].text.utf8.withContiguousStorageIfAvailable { bytes in
            for line in range {
                let line = lines[base + line]
                let shown = line.start.utf8..<line.contentEnd.utf8
                if !shown.isEmpty { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[shown])) }
                output.append(0x0A)
            }
        } }
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
            return line.start.utf16..<line.end.utf16
        }

        /// Appends lines `range` to `output` as UTF-8, each followed by a line feed.
        func write(_ range: Range<Int>, to output: inout [UInt8]) {
            section.write(block: block, lines: range, to: &output)
        }
    }
}

/// A sink that appends every line to an array owned by its caller, so the lines of many blocks
/// share one array.
private struct AppendingLineSink: LineSink {
    let target: UnsafeMutablePointer<[LineRecorder.Line]>

    @inline(__always)
    mutating func addLine(start: TextOffset, contentEnd: TextOffset, end: TextOffset) {
        target.pointee.append(LineRecorder.Line(start: start, contentEnd: contentEnd, end: end))
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

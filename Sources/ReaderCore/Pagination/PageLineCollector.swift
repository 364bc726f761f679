import Foundation

/// Where the lines of a page being laid out go: the paginator decides which lines a page holds,
/// a collector keeps them in its own form (or none, when only the next page's start is wanted).
protocol PageLineCollector {
    /// A block broken into lines, in the collector's form.
    associatedtype Lines: LaidOutLines = LaidOutBlock
    /// Whether lines are wanted at all: without, blocks are only counted in lines, not laid out.
    var takesLines: Bool { get }
    /// The block at `position`, which `cursor` holds, laid out in lines of `columns` cells.
    mutating func layOut(at position: TextPosition, in cursor: BlockCursor, columns: Int) -> Lines
    /// `count` blank lines (the spacing before a block).
    mutating func appendBlank(_ count: Int)
    /// Lines `range` of `block`, the block at `position`.
    mutating func append(_ block: Lines, lines range: Range<Int>, of position: TextPosition)
}

extension PageLineCollector where Lines == LaidOutBlock {
    /// Lays the block out alone.
    mutating func layOut(at position: TextPosition, in cursor: BlockCursor, columns: Int) -> LaidOutBlock {
        LaidOutBlock(cursor.blocks[position.block], columns: columns)
    }
}

/// Keeps nothing: for finding where pages start.
struct PageStartsOnly: PageLineCollector {
    var takesLines: Bool { false }
    func appendBlank(_ count: Int) {}
    func append(_ block: LaidOutBlock, lines range: Range<Int>, of position: TextPosition) {}
}

/// The lines of a page as strings, with where each comes from (``Page/lines`` and ``Page/spans``).
struct PageLines: PageLineCollector {
    var text: [String] = []
    var spans: [LineSpan?] = []

    var takesLines: Bool { true }

    mutating func appendBlank(_ count: Int) {
        guard count > 0 else { return }
        text.append(contentsOf: repeatElement("", count: count))
        spans.append(contentsOf: repeatElement(nil, count: count))
    }

    mutating func append(_ block: LaidOutBlock, lines range: Range<Int>, of position: TextPosition) {
        for line in block.layoutLines(range) {
            text.append(line.rendered)
            spans.append(LineSpan(section: position.section, block: position.block, textRange: line.textRange,
                                  prefix: line.prefix, text: line.text))
        }
    }
}

/// The lines of pages as UTF-8, each followed by a line feed: the text of ``PageLines`` without a
/// string or a span per line. The blocks of each section are laid out together when its first is
/// asked for (``LaidOutSection``), or taken laid out already from the cursor when it read the
/// section ahead (``BlockCursor/init(document:use:through:readingAheadAt:)``).
struct PageTextBytes: PageLineCollector {
    var bytes: [UInt8] = []
    /// The section whose blocks are laid out, and their lines.
    private var laidOutSection: (index: Int, lines: LaidOutSection)?

    var takesLines: Bool { true }

    mutating func layOut(at position: TextPosition, in cursor: BlockCursor, columns: Int) -> LaidOutSection.BlockLines {
        let section = cursor.currentSectionIndex
        if laidOutSection?.index != section {
            laidOutSection = nil
            let ahead = cursor.laidOutAhead.flatMap { $0.blockCount == cursor.blocks.count ? $0 : nil }
            let lines = ahead ?? LaidOutSection(blocks: cursor.blocks, columns: columns)
            laidOutSection = (section, lines)
        }
        return laidOutSection!.lines.block(position.block)
    }

    mutating func appendBlank(_ count: Int) {
        guard count > 0 else { return }
        bytes.append(contentsOf: repeatElement(0x0A, count: count))
    }

    mutating func append(_ block: LaidOutSection.BlockLines, lines range: Range<Int>, of position: TextPosition) {
        block.write(range, to: &bytes)
    }
}

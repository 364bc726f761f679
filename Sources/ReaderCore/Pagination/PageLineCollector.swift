import Foundation

/// Where the lines of a page being laid out go: the paginator decides which lines a page holds,
/// a collector keeps them in its own form (or none, when only the next page's start is wanted).
protocol PageLineCollector {
    /// Whether lines are wanted at all: without, blocks are only counted in lines, not laid out.
    var takesLines: Bool { get }
    /// `block`, the block at `position`, laid out in lines of `columns` cells; `cursor` holds its section.
    mutating func layOut(_ block: Block, at position: TextPosition, in cursor: BlockCursor, columns: Int) -> LaidOutBlock
    /// `count` blank lines (the spacing before a block).
    mutating func appendBlank(_ count: Int)
    /// Lines `range` of `block`, the block at `position`.
    mutating func append(_ block: LaidOutBlock, lines range: Range<Int>, of position: TextPosition)
}

extension PageLineCollector {
    /// Lays the block out alone.
    mutating func layOut(_ block: Block, at position: TextPosition, in cursor: BlockCursor, columns: Int) -> LaidOutBlock {
        LaidOutBlock(block, columns: columns)
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
/// string or a span per line. The blocks of each section are laid out when its first is asked
/// for, on every core at once: a text streamed whole is laid out in order anyway.
struct PageTextBytes: PageLineCollector {
    var bytes: [UInt8] = []
    /// The section whose blocks are laid out, and those.
    private var laidOutSection: (index: Int, blocks: [LaidOutBlock])?

    var takesLines: Bool { true }

    mutating func layOut(_ block: Block, at position: TextPosition, in cursor: BlockCursor, columns: Int) -> LaidOutBlock {
        let (section, blocks) = cursor.currentSection
        guard section == position.section, blocks.indices.contains(position.block) else {
            return LaidOutBlock(block, columns: columns)
        }
        if laidOutSection?.index != section {
            laidOutSection = nil
            laidOutSection = (section, Self.layOut(blocks, columns: columns))
        }
        return laidOutSection!.blocks[position.block]
    }

    /// `blocks` laid out in as many stretches as there are cores, at once, each stretch written
    /// straight into its place in the result.
    private static func layOut(_ blocks: [Block], columns: Int) -> [LaidOutBlock] {
        let stretches = min(blocks.count, ProcessInfo.processInfo.activeProcessorCount)
        guard stretches > 1 else { return blocks.map { LaidOutBlock($0, columns: columns) } }
        let size = (blocks.count + stretches - 1) / stretches
        return blocks.withUnsafeBufferPointer { source in
            // Blocks are read in place through the buffer, not copied out of the array one by one.
            let source = SendableBuffer(source)
            return [LaidOutBlock](unsafeUninitializedCapacity: blocks.count) { buffer, initialized in
                let target = SendableBuffer(buffer)
                _ = ParallelWork.run(stretches) { part in
                    for index in min(blocks.count, part * size)..<min(blocks.count, (part + 1) * size) {
                        (target.buffer.baseAddress! + index).initialize(to: LaidOutBlock(source.buffer[index], columns: columns))
                    }
                }
                initialized = blocks.count
            }
        }
    }

    mutating func appendBlank(_ count: Int) {
        guard count > 0 else { return }
        bytes.append(contentsOf: repeatElement(0x0A, count: count))
    }

    mutating func append(_ block: LaidOutBlock, lines range: Range<Int>, of position: TextPosition) {
        block.write(range, to: &bytes)
    }
}

/// A buffer that threads read at once, or whose disjoint parts they write at once, each its own part.
private struct SendableBuffer<Buffer>: @unchecked Sendable {
    let buffer: Buffer

    init(_ buffer: Buffer) {
        self.buffer = buffer
    }
}

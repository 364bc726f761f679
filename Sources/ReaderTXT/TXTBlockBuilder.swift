import Foundation
import ReaderCore

/// Turns the decoded text of one section into blocks: paragraphs (hard-wrapped lines joined),
/// detected chapter headings, and forced line breaks where the file breaks lines on purpose.
///
/// It works on the UTF-8 bytes of the decoded text and counts UTF-16 units as it goes, because
/// native positions are UTF-16 offsets.
struct TXTBlockBuilder {
    let joining: TXTLineJoining
    /// Global UTF-16 offset of the section's first unit (or 0, for source maps relative to the section).
    let baseOffset: Int
    /// Whether the section is the document's first, whose first block has no spacing before it.
    let startsDocument: Bool
    /// Whether the text before this section ended with a blank line (or there is none).
    let startsAfterBlank: Bool

    /// A line without its terminator, in bytes and in UTF-16 units of the section.
    private struct Line {
        var bytes: Range<Int>
        var units: Range<Int>
        var isBlank: Bool
    }

    /// The blocks of a section, and its length in UTF-16 units.
    /// `headings` are in line order.
    func build(_ bytes: UnsafeBufferPointer<UInt8>, headings: [TXTHeadingLine]) -> (blocks: [Block], utf16Length: Int) {
        var lines = LineReader(bytes)
        var index = -1
        var nextHeading = 0
        var blocks: [Block] = []
        // Prose has a paragraph every 150 to 300 bytes; a guess that is short only grows once or twice.
        blocks.reserveCapacity(bytes.count / 160 + 16)
        var paragraph = ParagraphAccumulator(bytes: bytes, baseOffset: baseOffset)
        var previousBlank = startsAfterBlank

        func flush() {
            paragraph.finish(into: &blocks)
        }

        while let line = lines.next() {
            index += 1
            if line.isBlank {
                flush()
                previousBlank = true
                continue
            }
            let trimmed = trim(bytes, line)
            while nextHeading < headings.count && headings[nextHeading].lineIndex < index { nextHeading += 1 }
            if nextHeading < headings.count && headings[nextHeading].lineIndex == index {
                let heading = headings[nextHeading]
                flush()
                // The heading is a block of its own, closed before the next line is read.
                paragraph.start(kind: .heading(level: heading.level), spacingBefore: atDocumentStart(blocks) ? 0 : 1)
                paragraph.appendLine(trimmed)
                if heading.includesNextLine, let next = lines.next() {
                    index += 1
                    paragraph.appendJoiner(0x0A)
                    paragraph.appendLine(trim(bytes, next))
                }
                paragraph.finish(into: &blocks)
                previousBlank = false
                continue
            }
            let indented = UTF8Scanning.whitespaceLength(bytes, at: line.bytes.lowerBound, end: line.bytes.upperBound) > 0
            let kept = Line(bytes: line.bytes.lowerBound..<trimmed.bytes.upperBound,
                            units: line.units.lowerBound..<trimmed.units.upperBound, isBlank: false)
            if paragraph.isOpen, !previousBlank, !indented {
                if isSoftWrap(previousLength: paragraph.lastLineLength, nextLine: trimmed.bytes, in: bytes) {
                    // The next line's first scalar first: it is at hand, the paragraph's last is looked for.
                    let joinsCJK = UTF8Scanning.isWideScript(UTF8Scanning.scalar(bytes, at: trimmed.bytes.lowerBound))
                        && UTF8Scanning.isWideScript(paragraph.lastScalar)
                    if !joinsCJK { paragraph.appendJoiner(0x20) }
                    paragraph.appendLine(trimmed)
                } else {
                    paragraph.appendJoiner(0x0A)
                    paragraph.appendLine(kept)
                }
            } else {
                flush()
                paragraph.start(kind: .paragraph, spacingBefore: atDocumentStart(blocks) ? 0 : (previousBlank ? 1 : 0))
                paragraph.appendLine(kept)
            }
            previousBlank = false
        }
        flush()
        paragraph.placeSourceMaps(in: &blocks)
        return (blocks, lines.units)
    }

    private func atDocumentStart(_ blocks: [Block]) -> Bool {
        blocks.isEmpty && startsDocument
    }

    /// ``TXTLineJoining/isSoftWrap(previousLength:nextWordLength:)`` for the line `nextLine` of
    /// `bytes`, which measures the line's first word only when the line before leaves the
    /// question open, and only as far as the room left on it: a nearly full line is a wrap
    /// whatever follows, and a word longer than the room is one however long it is.
    private func isSoftWrap(previousLength: Int, nextLine: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let width = joining.wrapWidth else { return false }
        if joining.isSoftWrap(previousLength: previousLength, nextWordLength: 0) { return true }
        let room = width - previousLength - 1
        let word = UTF8Scanning.firstWordLength(bytes, in: nextLine, limit: room + 1)
        return joining.isSoftWrap(previousLength: previousLength, nextWordLength: word)
    }

    /// The lines of a text, split at LF, CRLF or CR (numbered as ``ChapterHeadingDetector``
    /// numbers them) one at a time, as they are read: a section's lines are read once, in
    /// order, so they are never kept in an array.
    private struct LineReader {
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the next line starts.
        private var start = 0
        /// The UTF-16 units before the next line: once every line is read, the text's length.
        private(set) var units = 0

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        /// The next line without its terminator, or nil after the last one.
        mutating func next() -> Line? {
            let count = bytes.count
            guard start < count else { return nil }
            let (end, length) = UTF8Scanning.lineBreakCountingUTF16(bytes, from: start)
            let line = Line(bytes: start..<end, units: units..<units + length,
                            isBlank: TXTBlockBuilder.isBlank(bytes, start..<end))
            units += length
            if end < count {
                let terminator = bytes[end] == 0x0D && end + 1 < count && bytes[end + 1] == 0x0A ? 2 : 1
                start = end + terminator
                units += terminator
            } else {
                start = count
            }
            return line
        }
    }

    /// Whether every scalar of `bytes[range]` is whitespace (see ``UTF8Scanning/whitespaceLength(_:at:end:)``).
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let length = UTF8Scanning.whitespaceLength(bytes, at: index, end: range.upperBound)
            guard length > 0 else { return false }
            index += length
        }
        return true
    }

    /// The line without leading and trailing whitespace (every whitespace scalar is one UTF-16 unit).
    private func trim(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Line) -> Line {
        var low = line.bytes.lowerBound, high = line.bytes.upperBound
        var lowUnits = line.units.lowerBound, highUnits = line.units.upperBound
        while low < high {
            let length = UTF8Scanning.whitespaceLength(bytes, at: low, end: high)
            guard length > 0 else { break }
            low += length
            lowUnits += 1
        }
        while high > low {
            let length = UTF8Scanning.trailingWhitespaceLength(bytes, before: high, start: low)
            guard length > 0 else { break }
            high -= length
            highUnits -= 1
        }
        return Line(bytes: low..<high, units: lowUnits..<highUnits, isBlank: low == high)
    }

    /// Collects the lines of one paragraph with their source map, and the source maps of the
    /// section's blocks: one array of runs for the whole section, which the blocks' maps share
    /// (a block then costs one allocation, its text, where a map of its own was a second).
    private struct ParagraphAccumulator {
        /// The section's text, which every line is a range of.
        let bytes: UnsafeBufferPointer<UInt8>
        /// Global UTF-16 offset of the section's first unit.
        let baseOffset: Int
        private(set) var isOpen = false
        private var kind: Block.Kind = .paragraph
        private var spacingBefore = 0
        /// The only line so far, not yet copied: most paragraphs of unwrapped text are one line.
        private var soleLine: Range<Int>?
        /// The text once it is more than ``soleLine``.
        private var text: [UInt8] = []
        private var textUnits = 0
        /// The runs of every block finished so far, then of the open one, in order.
        private var runs: [SourceMap.Run]
        /// Where the open block's runs begin in ``runs``.
        private var blockRunsStart = 0
        /// Where each finished block's runs end in ``runs``, a block after another.
        private var blockRunsEnds: [Int] = []
        private(set) var lastLineLength = 0

        init(bytes: UnsafeBufferPointer<UInt8>, baseOffset: Int) {
            self.bytes = bytes
            self.baseOffset = baseOffset
            // About a run a line: a guess, the array grows when it is short.
            runs = []
            runs.reserveCapacity(bytes.count / 48 + 16)
            blockRunsEnds.reserveCapacity(bytes.count / 160 + 16)
        }

        var lastScalar: UInt32 {
            if let soleLine { return soleLine.isEmpty ? 0 : UTF8Scanning.lastScalar(bytes, in: soleLine) }
            return text.isEmpty ? 0 : text.withUnsafeBufferPointer { UTF8Scanning.lastScalar($0, in: 0..<$0.count) }
        }

        mutating func start(kind: Block.Kind, spacingBefore: Int) {
            isOpen = true
            self.kind = kind
            self.spacingBefore = spacingBefore
            soleLine = nil
            if !text.isEmpty { text.removeAll(keepingCapacity: true) }
            textUnits = 0
            blockRunsStart = runs.count
        }

        mutating func appendLine(_ line: Line) {
            appendRun(textStart: textUnits, sourceStart: baseOffset + line.units.lowerBound, length: line.units.count)
            if textUnits == 0 && soleLine == nil {
                soleLine = line.bytes
            } else {
                copySoleLine()
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[line.bytes]))
            }
            textUnits += line.units.count
            lastLineLength = line.units.count
        }

        /// An ASCII space or newline standing for a line break of the source.
        mutating func appendJoiner(_ byte: UInt8) {
            copySoleLine()
            text.append(byte)
            textUnits += 1
        }

        /// Appends a run as ``SourceMap/append(textStart:sourceStart:length:)`` does, merging it
        /// with the open block's last one when they are contiguous in both spaces.
        private mutating func appendRun(textStart: Int, sourceStart: Int, length: Int) {
            guard length > 0 else { return }
            if runs.count > blockRunsStart, let last = runs.last, last.textEnd == textStart, last.sourceEnd == sourceStart {
                runs[runs.count - 1].length += length
            } else {
                runs.append(SourceMap.Run(textStart: textStart, sourceStart: sourceStart, length: length))
            }
        }

        private mutating func copySoleLine() {
            guard let line = soleLine else { return }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[line]))
            soleLine = nil
        }

        /// Appends the paragraph's block to `blocks`, if it is open and has text, with an empty
        /// source map that ``placeSourceMaps(in:)`` fills. Built right in the array: a block
        /// returned and then appended was copied, retaining its every field.
        mutating func finish(into blocks: inout [Block]) {
            guard isOpen else { return }
            isOpen = false
            let blockText: String
            if let soleLine, !soleLine.isEmpty {
                blockText = String(wellFormedUTF8: UnsafeBufferPointer(rebasing: bytes[soleLine]))
            } else if soleLine == nil, !text.isEmpty {
                blockText = String(wellFormedUTF8: text)
            } else {
                runs.removeSubrange(blockRunsStart...)
                return
            }
            blocks.append(Block(kind: kind, text: blockText, sourceMap: SourceMap(), spacingBefore: spacingBefore))
            blockRunsEnds.append(runs.count)
        }

        /// Gives each of `blocks`, the blocks finished here in order, its source map: its runs,
        /// in one array the maps share, cut to its size when the guess left more than half unused.
        func placeSourceMaps(in blocks: inout [Block]) {
            var shared = runs
            if shared.capacity > 2 * shared.count + 16 {
                shared = [SourceMap.Run](unsafeUninitializedCapacity: runs.count) { buffer, initialized in
                    initialized = buffer.initialize(fromContentsOf: runs)
                }
            }
            // Through the buffer, so each map is set in place, the block not copied out and back.
            blocks.withUnsafeMutableBufferPointer { blocks in
                var start = 0
                for index in blocks.indices {
                    let end = blockRunsEnds[index]
                    blocks[index].sourceMap = SourceMap(sharing: shared[start..<end])
                    start = end
                }
            }
        }
    }
}

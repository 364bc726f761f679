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
                var block = ParagraphAccumulator(bytes: bytes, baseOffset: baseOffset)
                block.start(kind: .heading(level: heading.level), spacingBefore: atDocumentStart(blocks) ? 0 : 1)
                block.appendLine(trimmed)
                if heading.includesNextLine, let next = lines.next() {
                    index += 1
                    block.appendJoiner(0x0A)
                    block.appendLine(trim(bytes, next))
                }
                block.finish(into: &blocks)
                previousBlank = false
                continue
            }
            let indented = UTF8Scanning.whitespaceLength(bytes, at: line.bytes.lowerBound, end: line.bytes.upperBound) > 0
            let kept = Line(bytes: line.bytes.lowerBound..<trimmed.bytes.upperBound,
                            units: line.units.lowerBound..<trimmed.units.upperBound, isBlank: false)
            if paragraph.isOpen, !previousBlank, !indented {
                let soft = joining.isSoftWrap(previousLength: paragraph.lastLineLength,
                                              nextWordLength: UTF8Scanning.firstWordLength(bytes, in: trimmed.bytes))
                if soft {
                    let joinsCJK = UTF8Scanning.isWideScript(paragraph.lastScalar)
                        && UTF8Scanning.isWideScript(UTF8Scanning.scalar(bytes, at: trimmed.bytes.lowerBound))
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
        return (blocks, lines.units)
    }

    private func atDocumentStart(_ blocks: [Block]) -> Bool {
        blocks.isEmpty && startsDocument
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
            let end = UTF8Scanning.lineBreak(bytes, from: start)
            let length = UTF8Counting.utf16Count(bytes, in: start..<end)
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

    /// Collects the lines of one paragraph with their source map.
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
        /// The source map's runs so far, in a buffer kept from paragraph to paragraph: the map is
        /// made once, with room for exactly its runs.
        private var runs: [SourceMap.Run] = []
        private(set) var lastLineLength = 0

        init(bytes: UnsafeBufferPointer<UInt8>, baseOffset: Int) {
            self.bytes = bytes
            self.baseOffset = baseOffset
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
            if !runs.isEmpty { runs.removeAll(keepingCapacity: true) }
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
        /// with the last one when they are contiguous in both spaces.
        private mutating func appendRun(textStart: Int, sourceStart: Int, length: Int) {
            guard length > 0 else { return }
            if let last = runs.last, last.textEnd == textStart, last.sourceEnd == sourceStart {
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

        /// Appends the paragraph's block to `blocks`, if it is open and has text. Built right in
        /// the array: a block returned and then appended was copied, retaining its every field.
        mutating func finish(into blocks: inout [Block]) {
            guard isOpen else { return }
            isOpen = false
            let blockText: String
            if let soleLine {
                guard !soleLine.isEmpty else { return }
                blockText = String(wellFormedUTF8: UnsafeBufferPointer(rebasing: bytes[soleLine]))
            } else {
                guard !text.isEmpty else { return }
                blockText = String(wellFormedUTF8: text)
            }
            blocks.append(Block(kind: kind, text: blockText, sourceMap: SourceMap(runs: runs.withUnsafeBufferPointer { Array($0) }),
                                spacingBefore: spacingBefore))
        }
    }
}

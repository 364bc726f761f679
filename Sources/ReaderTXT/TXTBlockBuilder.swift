import Foundation
import ReaderCore

/// A line found to be a chapter heading.
struct TXTHeadingLine: Hashable, Sendable {
    /// 1 for a part or volume, 2 for a chapter.
    var level: Int
    /// Whether the following line is the heading's title (`CHAPTER I.` then `Down the Rabbit-Hole`).
    var includesNextLine: Bool

    /// The headings of UTF-8 text by line number, as the detector finds them (tables of contents left out).
    static func lines(in bytes: UnsafeBufferPointer<UInt8>, detector: ChapterHeadingDetector) -> [Int: TXTHeadingLine] {
        var result: [Int: TXTHeadingLine] = [:]
        for heading in detector.headings(inUTF8: bytes) {
            let own = String(decoding: UnsafeBufferPointer(rebasing: bytes[heading.utf8Range]), as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            result[heading.lineIndex] = TXTHeadingLine(level: heading.level, includesNextLine: heading.title != own)
        }
        return result
    }
}

/// Turns the decoded text of one section into blocks: paragraphs (hard-wrapped lines joined),
/// detected chapter headings, and forced line breaks where the file breaks lines on purpose.
///
/// It works on the UTF-8 bytes of the decoded text and counts UTF-16 units as it goes, because
/// native positions are UTF-16 offsets.
struct TXTBlockBuilder {
    let joining: TXTLineJoining
    /// Global UTF-16 offset of the section's first unit.
    let baseOffset: Int
    /// Whether the text before this section ended with a blank line (or there is none).
    let startsAfterBlank: Bool

    /// A line without its terminator, in bytes and in UTF-16 units of the section.
    private struct Line {
        var bytes: Range<Int>
        var units: Range<Int>
        var isBlank: Bool
    }

    /// The blocks of a section, and its length in UTF-16 units.
    func build(_ bytes: UnsafeBufferPointer<UInt8>, headings: [Int: TXTHeadingLine]) -> (blocks: [Block], utf16Length: Int) {
        let (lines, length) = splitLines(bytes)
        var blocks: [Block] = []
        var paragraph = ParagraphAccumulator()
        var previousBlank = startsAfterBlank
        var skipNext = false

        func flush() {
            if let block = paragraph.finish(baseOffset: baseOffset) { blocks.append(block) }
        }

        for (index, line) in lines.enumerated() {
            if skipNext {
                skipNext = false
                continue
            }
            if line.isBlank {
                flush()
                previousBlank = true
                continue
            }
            let trimmed = trim(bytes, line)
            if let heading = headings[index] {
                flush()
                var block = ParagraphAccumulator()
                block.start(kind: .heading(level: heading.level), spacingBefore: atDocumentStart(blocks) ? 0 : 1)
                block.appendLine(bytes, trimmed)
                if heading.includesNextLine, index + 1 < lines.count {
                    block.appendJoiner(0x0A)
                    block.appendLine(bytes, trim(bytes, lines[index + 1]))
                    skipNext = true
                }
                if let finished = block.finish(baseOffset: baseOffset) { blocks.append(finished) }
                previousBlank = false
                continue
            }
            let indented = UTF8Scanning.whitespaceLength(bytes, at: line.bytes.lowerBound, end: line.bytes.upperBound) > 0
            let kept = Line(bytes: line.bytes.lowerBound..<trimmed.bytes.upperBound,
                            units: line.units.lowerBound..<trimmed.units.upperBound, isBlank: false)
            if paragraph.isOpen, !previousBlank, !indented {
                let soft = joining.isSoftWrap(previousLength: paragraph.lastLineLength,
                                              nextWordLength: firstWordLength(bytes, trimmed))
                if soft {
                    let joinsCJK = UTF8Scanning.isWideScript(paragraph.lastScalar)
                        && UTF8Scanning.isWideScript(UTF8Scanning.scalar(bytes, at: trimmed.bytes.lowerBound))
                    if !joinsCJK { paragraph.appendJoiner(0x20) }
                    paragraph.appendLine(bytes, trimmed)
                } else {
                    paragraph.appendJoiner(0x0A)
                    paragraph.appendLine(bytes, kept)
                }
            } else {
                flush()
                paragraph.start(kind: .paragraph, spacingBefore: atDocumentStart(blocks) ? 0 : (previousBlank ? 1 : 0))
                paragraph.appendLine(bytes, kept)
            }
            previousBlank = false
        }
        flush()
        return (blocks, length)
    }

    private func atDocumentStart(_ blocks: [Block]) -> Bool {
        blocks.isEmpty && baseOffset == 0
    }

    /// Lines split at LF, CRLF or CR (numbered as ``ChapterHeadingDetector`` numbers them), and the
    /// text's length in UTF-16 units.
    private func splitLines(_ bytes: UnsafeBufferPointer<UInt8>) -> ([Line], Int) {
        var lines: [Line] = []
        lines.reserveCapacity(bytes.count / 48)
        var index = 0, units = 0
        var lineStart = 0, lineStartUnits = 0, blank = true
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(Line(bytes: lineStart..<index, units: lineStartUnits..<units, isBlank: blank))
                if byte == 0x0D, index + 1 < count, bytes[index + 1] == 0x0A {
                    index += 1
                    units += 1
                }
                index += 1
                units += 1
                (lineStart, lineStartUnits, blank) = (index, units, true)
                continue
            }
            if byte < 0x80 {
                if blank, byte != 0x20, byte != 0x09, byte != 0x0B, byte != 0x0C { blank = false }
                index += 1
                units += 1
            } else {
                if blank, UTF8Scanning.whitespaceLength(bytes, at: index, end: count) == 0 { blank = false }
                units += UTF8Scanning.utf16Length(lead: byte)
                index += UTF8Scanning.scalarLength(lead: byte)
            }
        }
        if lineStart < count {
            lines.append(Line(bytes: lineStart..<count, units: lineStartUnits..<units, isBlank: blank))
        }
        return (lines, units)
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

    /// Scalars up to the first whitespace; 1 for CJK, which may break after any character.
    private func firstWordLength(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Line) -> Int {
        var index = line.bytes.lowerBound, length = 0
        guard index < line.bytes.upperBound else { return 0 }
        if UTF8Scanning.isWideScript(UTF8Scanning.scalar(bytes, at: index)) { return 1 }
        while index < line.bytes.upperBound, UTF8Scanning.whitespaceLength(bytes, at: index, end: line.bytes.upperBound) == 0 {
            index += UTF8Scanning.scalarLength(lead: bytes[index])
            length += 1
        }
        return length
    }

    /// Collects the lines of one paragraph with their source map.
    private struct ParagraphAccumulator {
        private(set) var isOpen = false
        private var kind: Block.Kind = .paragraph
        private var spacingBefore = 0
        private var text: [UInt8] = []
        private var textUnits = 0
        private var runs: [(textStart: Int, sourceStart: Int, length: Int)] = []
        private(set) var lastLineLength = 0

        var lastScalar: UInt32 { text.isEmpty ? 0 : UTF8Scanning.lastScalar(text) }

        mutating func start(kind: Block.Kind, spacingBefore: Int) {
            isOpen = true
            self.kind = kind
            self.spacingBefore = spacingBefore
            text.removeAll(keepingCapacity: true)
            textUnits = 0
            runs.removeAll(keepingCapacity: true)
        }

        mutating func appendLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Line) {
            runs.append((textUnits, line.units.lowerBound, line.units.count))
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[line.bytes]))
            textUnits += line.units.count
            lastLineLength = line.units.count
        }

        /// An ASCII space or newline standing for a line break of the source.
        mutating func appendJoiner(_ byte: UInt8) {
            text.append(byte)
            textUnits += 1
        }

        mutating func finish(baseOffset: Int) -> Block? {
            guard isOpen else { return nil }
            isOpen = false
            guard !text.isEmpty else { return nil }
            var map = SourceMap()
            for run in runs { map.append(textStart: run.textStart, sourceStart: baseOffset + run.sourceStart, length: run.length) }
            return Block(kind: kind, text: String(decoding: text, as: UTF8.self), sourceMap: map, spacingBefore: spacingBefore)
        }
    }
}

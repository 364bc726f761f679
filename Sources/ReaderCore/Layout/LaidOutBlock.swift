import Foundation

/// A block broken into lines before any line's string is made: how many lines, the text range of
/// each, and what a line shows, made on demand as a ``LayoutLine`` (a page) or written as bytes
/// (a whole text streamed). Both are cut from the same line breaker's lines, so they agree.
///
/// A class, so the paginator and the laid-out section share one instance instead of copying
/// its strings and line array at every hand-over.
final class LaidOutBlock: LaidOutLines, Sendable {
    /// What the lines are made of.
    private enum Shape {
        /// A thematic break: one line, the rule, standing for the whole text.
        case rule(prefix: String, textLength: Int)
        /// A block without text: one empty line.
        case empty(prefix: String)
        /// Text broken by the line breaker.
        case text(lines: [LineRecorder.Line], first: String, continuation: String, mode: WrapMode, available: Int)
    }

    /// Whether the text holds a tab, which a line's shown text expands.
    private let hasTab: Bool

    private let shape: Shape
    /// The block's text, contiguous UTF-8, which text lines are cut from.
    private let text: String

    /// Lays `block` out in lines of at most `columns` cells (see ``BlockLayout/lines(of:columns:)-(Block,_)``).
    init(_ block: Block, columns: Int) {
        let columns = max(1, columns)
        let prefix = LinePrefix(block: block, columns: columns)
        if case .rule = block.kind {
            shape = .rule(prefix: prefix.rule(columns: columns), textLength: block.text.utf16.count)
            text = ""
            hasTab = false
            return
        }
        if block.text.isEmpty {
            shape = .empty(prefix: Self.trimmingTrailingSpaces(prefix.first))
            text = ""
            hasTab = false
            return
        }
        let mode = BlockLayout.wrapMode(of: block)
        let available = columns - prefix.width
        var contiguous = block.text
        contiguous.makeContiguousUTF8()
        text = contiguous
        let (lines, hasTab) = BlockLayout.withUTF8(contiguous) { bytes, text in
            var breaker = LineBreaker(sink: LineRecorder(utf8Count: bytes.count, available: available), mode: mode,
                                      available: available)
            breaker.finish(at: ClusterScanner.scan(bytes, of: text, into: &breaker))
            return (breaker.sink.lines, memchr(bytes.baseAddress!, 0x09, bytes.count) != nil)
        }
        self.hasTab = hasTab
        shape = .text(lines: lines, first: prefix.first, continuation: prefix.continuation, mode: mode, available: available)
    }

    /// The number of lines.
    var count: Int {
        if case .text(let lines, _, _, _, _) = shape { return lines.count }
        return 1
    }

    /// The UTF-16 range of the block's text that line `index` stands for.
    func textRange(ofLine index: Int) -> Range<Int> {
        switch shape {
        case .rule(_, let length): return 0..<length
        case .empty: return 0..<0
        case .text(let lines, _, _, _, _): return lines[index].start.utf16..<lines[index].end.utf16
        }
    }

    /// Lines `range` as ``LayoutLine``s.
    func layoutLines(_ range: Range<Int>) -> [LayoutLine] {
        switch shape {
        case .rule(let prefix, let length):
            return range.map { _ in LayoutLine(prefix: prefix, text: "", textRange: 0..<length) }
        case .empty(let prefix):
            return range.map { _ in LayoutLine(prefix: prefix, text: "", textRange: 0..<0) }
        case .text(let lines, let first, let continuation, let mode, let available):
            return withTextBytes { bytes in
                range.map { index in
                    let line = lines[index]
                    let shown = LineText.make(from: bytes, line.start.utf8..<line.contentEnd.utf8, mode: mode,
                                              available: available)
                    let decoration = index == 0 ? first : continuation
                    return LayoutLine(prefix: shown.isEmpty ? Self.trimmingTrailingSpaces(decoration) : decoration,
                                      text: shown, textRange: line.start.utf16..<line.end.utf16)
                }
            }
        }
    }

    /// Appends lines `range` to `output` as UTF-8, each as ``LayoutLine/rendered`` gives it and
    /// followed by a line feed, without making a string for a line that needs no tab expanded.
    func write(_ range: Range<Int>, to output: inout [UInt8]) {
        switch shape {
        case .rule(let prefix, _), .empty(let prefix):
            for _ in range {
                output.append(contentsOf: prefix.utf8)
                output.append(0x0A)
            }
        case .text(let lines, let first, let continuation, let mode, let available):
            withTextBytes { bytes in
                for index in range {
                    let line = lines[index]
                    let shown = line.start.utf8..<line.contentEnd.utf8
                    let decoration = index == 0 ? first : continuation
                    if shown.isEmpty {
                        output.append(contentsOf: Self.trimmingTrailingSpaces(decoration).utf8)
                    } else {
                        if !decoration.isEmpty { output.append(contentsOf: decoration.utf8) }
                        if hasTab {
                            output.append(contentsOf: LineText.make(from: bytes, shown, mode: mode, available: available).utf8)
                        } else {
                            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[shown]))
                        }
                    }
                    output.append(0x0A)
                }
            }
        }
    }

    /// Runs `body` on the UTF-8 bytes of ``text`` (contiguous since `init`) in place.
    private func withTextBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        return BlockLayout.withUTF8(text) { bytes, _ in body(bytes) }
    }

    /// `decoration` without trailing spaces, for lines that show no text.
    static func trimmingTrailingSpaces(_ decoration: String) -> String {
        var trimmed = Substring(decoration)
        while trimmed.last == " " { trimmed.removeLast() }
        return String(trimmed)
    }
}

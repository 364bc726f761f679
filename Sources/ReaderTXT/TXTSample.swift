import ReaderCore

/// The start of a text file, decoded at open to learn how its lines wrap and to read a header.
enum TXTSample {
    /// Bytes decoded at most.
    static let size = 256 << 10
    /// Lines whose lengths decide how lines join (see ``TXTLineJoining``).
    static let measuredLines = 4000

    /// The text of the first section's first ``size`` bytes, cut after a line feed so that no character
    /// is split, with every CR LF made LF.
    static func decode(_ bytes: UnsafeRawBufferPointer, firstSection: Range<Int>?, encoding: TextEncoding,
                       decoder: TextDecoder) -> String {
        guard let first = firstSection else { return "" }
        let layout = CodeUnitLayout(encoding)
        var end = min(first.upperBound, first.lowerBound + size)
        if end < first.upperBound {
            end -= (end - first.lowerBound) % layout.size
            while end > first.lowerBound, layout.unit(bytes, at: end - layout.size) != 0x0A { end -= layout.size }
            if end == first.lowerBound { end = first.upperBound }
        }
        return decoder.withUTF8(decoding: UnsafeRawBufferPointer(rebasing: bytes[first.lowerBound..<end]),
                                joiningCRLF)
    }

    /// The text of well-formed UTF-8 with every CR LF made LF, as `replacingOccurrences(of: "\r\n", with: "\n")`
    /// makes it (without the round trip through NSString).
    static func joiningCRLF(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count)
        var start = 0
        while start < bytes.count {
            var end = UTF8Scanning.lineBreak(bytes, from: start)
            if end < bytes.count, bytes[end] == 0x0D, end + 1 < bytes.count, bytes[end + 1] == 0x0A {
                joined.append(contentsOf: bytes[start..<end])
                start = end + 1
                continue
            }
            end = min(end + 1, bytes.count)
            joined.append(contentsOf: bytes[start..<end])
            start = end
        }
        return String(wellFormedUTF8: joined)
    }

    /// The UTF-16 lengths of the first `limit` pieces of `text` split at line feeds, as
    /// `split(separator: "\n", omittingEmptySubsequences: false)` gives them: a CR LF is one
    /// `Character`, so a line feed after a carriage return splits nothing.
    static func lineLengths(of text: String, limit: Int) -> [Int] {
        var text = text
        return text.withUTF8 { bytes in
            var lengths: [Int] = []
            var start = 0
            var position = 0
            while lengths.count < limit {
                guard let lineFeed = bytes[position...].firstIndex(of: 0x0A) else {
                    lengths.append(UTF8Counting.utf16Count(bytes, in: start..<bytes.count))
                    break
                }
                position = lineFeed + 1
                if lineFeed > 0 && bytes[lineFeed - 1] == 0x0D { continue }
                lengths.append(UTF8Counting.utf16Count(bytes, in: start..<lineFeed))
                start = position
            }
            return lengths
        }
    }

    /// The breaks among the first `limit` lines of `text` (split at line feeds) that a wrapping
    /// tool could have made, measured as ``TXTBlockBuilder`` measures them when it joins lines.
    /// Breaks next to CJK text are left out: such lines are often wrapped at half the width of the
    /// Latin text around them (a Japanese book in an English Project Gutenberg header), and would
    /// read as deliberate breaks at the Latin width.
    static func sampleBreaks(of text: String, limit: Int) -> [TXTLineJoining.SampleBreak] {
        var text = text
        return text.withUTF8 { bytes in
            var breaks: [TXTLineJoining.SampleBreak] = []
            var previous: (start: Int, end: Int)? = nil
            var start = 0
            var lines = 0
            while start < bytes.count, lines < limit {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                var trimmedEnd = end
                while trimmedEnd > start {
                    let length = UTF8Scanning.trailingWhitespaceLength(bytes, before: trimmedEnd, start: start)
                    guard length > 0 else { break }
                    trimmedEnd -= length
                }
                if trimmedEnd == start {
                    previous = nil
                } else {
                    let indented = UTF8Scanning.whitespaceLength(bytes, at: start, end: end) > 0
                    if let previous, !indented,
                       !UTF8Scanning.isWideScript(UTF8Scanning.lastScalar(bytes, in: previous.start..<previous.end)),
                       !UTF8Scanning.isWideScript(UTF8Scanning.scalar(bytes, at: start)) {
                        breaks.append(.init(lineLength: UTF8Counting.utf16Count(bytes, in: previous.start..<previous.end),
                                            nextWordLength: UTF8Scanning.firstWordLength(bytes, in: start..<trimmedEnd)))
                    }
                    previous = (start, trimmedEnd)
                }
                start = end + 1
                lines += 1
            }
            return breaks
        }
    }
}

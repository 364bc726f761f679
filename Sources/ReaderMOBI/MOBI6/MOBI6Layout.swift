/// Where a MOBI 6 text stream divides into parts and which stream offsets its links point at,
/// found in one pass over the bytes.
///
/// A part runs from one `<mbp:pagebreak>` to the next; a part longer than ``maximumPartLength``
/// is cut again before a `<p` tag, so no part is slow to parse. Cutting markup between tags
/// leaves elements open or closed twice, which the HTML parser mends.
struct MOBI6Layout: Sendable {
    /// One part: a stream range, and whether it begins at a page break (else it continues the part
    /// before on the same screen page).
    struct Part: Sendable, Hashable {
        let range: Range<Int>
        let startsAtPageBreak: Bool
    }

    /// The parts, covering the stream in order.
    let parts: [Part]
    /// Every `filepos` a link or guide reference names, sorted and unique.
    let linkTargets: [Int]

    /// Parts longer than this many bytes are cut before a paragraph.
    static let maximumPartLength = 96 << 10

    init(stream: [UInt8]) {
        var breaks: [Int] = []
        var targets: [Int] = []
        stream.withUnsafeBufferPointer { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "<"), Self.matches(bytes, at: index + 1, "mbp:pagebreak") {
                    breaks.append(index)
                } else if byte | 0x20 == UInt8(ascii: "f"), Self.matches(bytes, at: index + 1, "ilepos=") {
                    var digit = index + 8
                    while digit < count, bytes[digit] == UInt8(ascii: "\"") || bytes[digit] == UInt8(ascii: "'") { digit += 1 }
                    var value = 0
                    var digits = 0
                    while digit < count, digits < 12, bytes[digit] >= 0x30, bytes[digit] <= 0x39 {
                        value = value * 10 + Int(bytes[digit] - 0x30)
                        digit += 1
                        digits += 1
                    }
                    if digits > 0, value < count { targets.append(value) }
                }
                index += 1
            }
        }
        linkTargets = Array(Set(targets)).sorted()
        var parts: [Part] = []
        var starts = [0] + breaks.filter { $0 > 0 }
        starts.append(stream.count)
        for index in 0..<(starts.count - 1) where starts[index] < starts[index + 1] {
            var start = starts[index]
            var pageBreak = index > 0
            let end = starts[index + 1]
            while end - start > Self.maximumPartLength,
                  let cut = Self.paragraphStart(in: stream, from: start + Self.maximumPartLength / 2 + 1, before: end) {
                parts.append(Part(range: start..<cut, startsAtPageBreak: pageBreak))
                start = cut
                pageBreak = false
            }
            parts.append(Part(range: start..<end, startsAtPageBreak: pageBreak))
        }
        self.parts = parts
    }

    /// The index of the part holding a stream offset (the last part for offsets past the end).
    func partIndex(containing offset: Int) -> Int? {
        guard !parts.isEmpty else { return nil }
        var low = 0
        var high = parts.count
        while low < high {
            let middle = (low + high) / 2
            if parts[middle].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        return max(0, low - 1)
    }

    /// The first `<p>` or `<p …>` tag in `from..<before`.
    private static func paragraphStart(in stream: [UInt8], from start: Int, before end: Int) -> Int? {
        var index = start
        while index + 2 < end {
            if stream[index] == UInt8(ascii: "<"), stream[index + 1] | 0x20 == UInt8(ascii: "p"),
               stream[index + 2] == UInt8(ascii: ">") || MarkupAnchoring.isSpace(stream[index + 2]) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether the ASCII `word` (lower case) stands at `index`, ignoring case.
    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let pointer = word.utf8Start
        for offset in 0..<length where bytes[index + offset] | 0x20 != pointer[offset] | 0x20 {
            return false
        }
        return true
    }
}

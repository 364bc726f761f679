/// The name of the tag at `<`, lower-cased, and whether it opens, closes or closes itself.
struct TagName {
    /// The name in ASCII lower case (`mbp:pagebreak`, `a`).
    let name: [UInt8]
    /// False for `</name>`.
    let isStart: Bool
    /// True for `<name … />`.
    let selfCloses: Bool

    /// Reads the tag from `start` to `end` (see ``MarkupAnchoring/endOfMarkup(_:at:)``); nil for
    /// comments, declarations and stray `<`.
    init?(_ bytes: ArraySlice<UInt8>, at start: Int, end close: Int) {
        var index = start + 1
        let isEnd = index < bytes.endIndex && bytes[index] == UInt8(ascii: "/")
        if isEnd { index += 1 }
        var name: [UInt8] = []
        while index < bytes.endIndex, Self.isNameByte(bytes[index]), name.count < 32 {
            name.append(bytes[index] | (bytes[index] >= 0x41 && bytes[index] <= 0x5A ? 0x20 : 0))
            index += 1
        }
        guard !name.isEmpty, name[0] >= UInt8(ascii: "a"), name[0] <= UInt8(ascii: "z") else { return nil }
        self.name = name
        isStart = !isEnd
        selfCloses = close - 2 > start && bytes[close - 2] == UInt8(ascii: "/") && bytes[close - 1] == UInt8(ascii: ">")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ":")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}

/// The attributes of one start tag, as byte ranges: `name=value`, `name="value"`, `name='value'`.
struct TagAttributes: Sequence, IteratorProtocol {
    /// One attribute: its whole extent, its name and its value without quotes.
    struct Attribute {
        let range: Range<Int>
        let name: ArraySlice<UInt8>
        let value: ArraySlice<UInt8>
    }

    private let tag: ArraySlice<UInt8>
    private var index: Int

    /// The attributes of `tag` (from `<` to `>` inclusive).
    init(_ tag: ArraySlice<UInt8>) {
        self.tag = tag
        var index = tag.startIndex + 1
        while index < tag.endIndex, !MarkupAnchoring.isSpace(tag[index]), tag[index] != UInt8(ascii: ">"),
              tag[index] != UInt8(ascii: "/") { index += 1 }
        self.index = index
    }

    mutating func next() -> Attribute? {
        let end = tag.endIndex
        while index < end, MarkupAnchoring.isSpace(tag[index]) || tag[index] == UInt8(ascii: "/") { index += 1 }
        guard index < end, tag[index] != UInt8(ascii: ">") else { return nil }
        let start = index
        while index < end, !MarkupAnchoring.isSpace(tag[index]), tag[index] != UInt8(ascii: "="),
              tag[index] != UInt8(ascii: ">") { index += 1 }
        let name = tag[start..<index]
        var probe = index
        while probe < end, MarkupAnchoring.isSpace(tag[probe]) { probe += 1 }
        guard probe < end, tag[probe] == UInt8(ascii: "=") else {
            return Attribute(range: start..<index, name: name, value: tag[index..<index])
        }
        index = probe + 1
        while index < end, MarkupAnchoring.isSpace(tag[index]) { index += 1 }
        guard index < end else { return Attribute(range: start..<index, name: name, value: tag[index..<index]) }
        let quote = tag[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let valueStart = index + 1
            let valueEnd = tag[valueStart...].firstIndex(of: quote) ?? end
            index = Swift.min(end, valueEnd + 1)
            return Attribute(range: start..<index, name: name, value: tag[valueStart..<valueEnd])
        }
        let valueStart = index
        while index < end, !MarkupAnchoring.isSpace(tag[index]), tag[index] != UInt8(ascii: ">") { index += 1 }
        // `<a filepos=12/>`: the slash closes the tag, it is not part of the value.
        var valueEnd = index
        if valueEnd < end, tag[valueEnd] == UInt8(ascii: ">"), valueEnd > valueStart, tag[valueEnd - 1] == UInt8(ascii: "/") {
            valueEnd -= 1
        }
        return Attribute(range: start..<valueEnd, name: name, value: tag[valueStart..<valueEnd])
    }
}

extension Array where Element: Comparable {
    /// The index of the first element for which `belongsBefore` is false, in a sorted array
    /// (binary search).
    func partitioningIndex(where belongsBefore: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

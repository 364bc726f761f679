/// Folded text with, for every UTF-16 unit, the stream offset of the original scalar it came from,
/// so a match in folded text maps back to exact original offsets.
struct FoldedText {
    /// The folded UTF-16 units.
    var units: [UInt16] = []
    /// `origins[i]` is where the scalar that produced `units[i]` starts (a packed ``StreamOffset``);
    /// units of one scalar share an origin. One more entry, once finished: the end of the last
    /// original character.
    var origins: [Int] = []

    var count: Int { units.count }

    /// Whether a match may start at unit `index`: not inside the expansion of one scalar (the second
    /// `s` of a folded `ß`, the low half of a surrogate pair).
    func startsSource(at index: Int) -> Bool {
        index == 0 || index >= units.count || origins[index - 1] != origins[index]
    }
}

/// Builds a ``FoldedText`` block by block: whitespace runs (block boundaries included) become one
/// unit, leading and trailing whitespace is dropped.
struct FoldedTextBuilder {
    private(set) var text = FoldedText()
    private let folder: ScalarFolder
    private let keepsLineBreaks: Bool
    private let foldsCase: Bool
    /// A whitespace run not written yet: where it starts and whether it holds a line break.
    private var pendingWhitespace: (origin: Int, isLineBreak: Bool)?
    /// The end of the last non-whitespace scalar read.
    private var lastEnd = 0

    init(folder: ScalarFolder, continuing carry: FoldedText? = nil) {
        self.folder = folder
        keepsLineBreaks = folder.folding.keepsLineBreaks
        foldsCase = folder.folding.foldsCase
        if let carry {
            text = carry
            if text.origins.count > text.units.count { lastEnd = text.origins.removeLast() }
        }
    }

    /// Makes room for about `count` more units.
    mutating func reserve(_ count: Int) {
        text.units.reserveCapacity(text.units.count + count)
        text.origins.reserveCapacity(text.units.count + count + 1)
    }

    /// Appends a whitespace run that is not in any text: the virtual break after a block or a section.
    mutating func appendBreak(at origin: Int) {
        guard !text.units.isEmpty else { return }
        if let pending = pendingWhitespace {
            pendingWhitespace = (pending.origin, true)
        } else {
            pendingWhitespace = (origin, true)
        }
    }

    /// Appends `string`, whose first UTF-16 unit is at packed stream offset `base`.
    mutating func append(_ string: String, at base: Int) {
        var string = string
        string.withUTF8 { bytes in
            var index = 0, offset = base
            let count = bytes.count
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 {
                    appendASCII(lead, at: offset)
                    index += 1
                    offset += 1
                    continue
                }
                let scalarValue: UInt32, length: Int
                if lead < 0xE0 {
                    scalarValue = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                    length = 2
                } else if lead < 0xF0 {
                    scalarValue = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
                    length = 3
                } else {
                    scalarValue = UInt32(lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                        | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
                    length = 4
                }
                let width = scalarValue < 0x1_0000 ? 1 : 2
                appendScalar(Unicode.Scalar(scalarValue).unsafelyUnwrapped, at: offset, width: width)
                index += length
                offset += width
            }
        }
    }

    /// The folded text, trailing whitespace dropped, with its end origin.
    mutating func finish() -> FoldedText {
        pendingWhitespace = nil
        var finished = text
        finished.origins.append(lastEnd)
        return finished
    }

    @inline(__always)
    private mutating func appendASCII(_ byte: UInt8, at origin: Int) {
        switch byte {
        case 0x20, 0x09:
            noteWhitespace(at: origin, isLineBreak: false)
        case 0x0A...0x0D:
            noteWhitespace(at: origin, isLineBreak: true)
        case 0x41...0x5A where foldsCase:
            emit(UInt16(byte | 0x20), at: origin, end: origin + 1)
        default:
            emit(UInt16(byte), at: origin, end: origin + 1)
        }
    }

    @inline(__always)
    private mutating func appendScalar(_ scalar: Unicode.Scalar, at origin: Int, width: Int) {
        let code = folder.code(scalar)
        if let unit = folder.singleUnit(code) {
            emit(unit, at: origin, end: origin + width)
        } else if folder.isWhitespace(code) {
            noteWhitespace(at: origin, isLineBreak: folder.isLineBreak(code))
        } else if folder.isDropped(code) {
            if pendingWhitespace == nil, !text.units.isEmpty { lastEnd = origin + width }
        } else {
            let units = folder.expansion(code)
            flushWhitespace()
            for unit in units {
                text.units.append(unit)
                text.origins.append(origin)
            }
            lastEnd = origin + width
        }
    }

    @inline(__always)
    private mutating func noteWhitespace(at origin: Int, isLineBreak: Bool) {
        guard !text.units.isEmpty else { return }
        if let pending = pendingWhitespace {
            if isLineBreak, !pending.isLineBreak { pendingWhitespace = (pending.origin, true) }
        } else {
            pendingWhitespace = (origin, isLineBreak)
        }
    }

    @inline(__always)
    private mutating func flushWhitespace() {
        guard let pending = pendingWhitespace else { return }
        text.units.append(keepsLineBreaks && pending.isLineBreak ? 0x0A : 0x20)
        text.origins.append(pending.origin)
        pendingWhitespace = nil
    }

    @inline(__always)
    private mutating func emit(_ unit: UInt16, at origin: Int, end: Int) {
        if pendingWhitespace != nil { flushWhitespace() }
        text.units.append(unit)
        text.origins.append(origin)
        lastEnd = end
    }
}

extension FoldedText {
    /// A string folded on its own, origins counted from 0.
    static func folding(_ string: String, with folder: ScalarFolder) -> FoldedText {
        var builder = FoldedTextBuilder(folder: folder)
        builder.append(string, at: 0)
        return builder.finish()
    }
}

extension FoldedTextBuilder {
    /// Appends a section's stream: its blocks, a break between each two.
    mutating func append(_ section: SectionText) {
        for (block, blockText) in section.texts.enumerated() {
            if block > 0 {
                appendBreak(at: StreamOffset(section: section.section, offset: section.blockStarts[block] - 1).packed)
            }
            append(blockText, at: StreamOffset(section: section.section, offset: section.blockStarts[block]).packed)
        }
    }
}

/// Folded text with, for every UTF-16 unit, the stream offset of the original scalar it came from,
/// so a match in folded text maps back to exact original offsets.
///
/// The storage is managed by hand: a search folds every section into the same buffers, and the
/// folding loop writes units without the uniqueness and capacity checks of `Array.append`.
final class FoldedText {
    /// The folded units.
    private(set) var units: UnsafeMutablePointer<UInt16>
    /// `origins[i]` is where the scalar that produced `units[i]` starts (a packed ``StreamOffset``);
    /// units of one scalar share an origin.
    private(set) var origins: UnsafeMutablePointer<Int>
    private(set) var count = 0
    private var capacity: Int
    /// The end of the last original character (the origin just past the last unit).
    var endOrigin = 0

    init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        units = .allocate(capacity: self.capacity)
        origins = .allocate(capacity: self.capacity)
    }

    deinit {
        units.deallocate()
        origins.deallocate()
    }

    /// A copy of the units from `start` on, with their origins.
    convenience init(copying text: FoldedText, from start: Int) {
        self.init(capacity: text.count - start)
        append(contentsOf: text, from: start)
        endOrigin = text.endOrigin
    }

    /// The units in place; valid only while this object is alive and unchanged.
    var unitBuffer: UnsafeBufferPointer<UInt16> { UnsafeBufferPointer(start: units, count: count) }

    /// The units, copied.
    var unitArray: [UInt16] { Array(unitBuffer) }

    /// The units as a string.
    var string: String { String(decoding: unitBuffer, as: UTF16.self) }

    /// The origin of unit `index`, or ``endOrigin`` at the end.
    @inline(__always)
    func origin(at index: Int) -> Int { index < count ? origins[index] : endOrigin }

    /// Whether a match may start (or end) at unit `index`: not inside the expansion of one scalar
    /// (the second `s` of a folded `ß`, the low half of a surrogate pair).
    func startsSource(at index: Int) -> Bool {
        index == 0 || index >= count || origins[index - 1] != origins[index]
    }

    func removeAll() {
        count = 0
        endOrigin = 0
    }

    /// Makes room for `extra` more units.
    @inline(__always)
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let newUnits = UnsafeMutablePointer<UInt16>.allocate(capacity: grown)
        let newOrigins = UnsafeMutablePointer<Int>.allocate(capacity: grown)
        newUnits.update(from: units, count: count)
        newOrigins.update(from: origins, count: count)
        units.deallocate()
        origins.deallocate()
        units = newUnits
        origins = newOrigins
        capacity = grown
    }

    /// Appends a unit; room must have been reserved.
    @inline(__always)
    func appendReserved(_ unit: UInt16, origin: Int) {
        units[count] = unit
        origins[count] = origin
        count += 1
    }

    func append(contentsOf other: FoldedText, from start: Int) {
        let length = other.count - start
        guard length > 0 else { return }
        reserve(length)
        (units + count).update(from: other.units + start, count: length)
        (origins + count).update(from: other.origins + start, count: length)
        count += length
    }
}

/// Folds text into a ``FoldedText`` block by block: whitespace runs (block boundaries included)
/// become one unit, leading and trailing whitespace is dropped.
struct FoldedTextBuilder {
    let text: FoldedText
    private let folder: ScalarFolder
    private let keepsLineBreaks: Bool
    private let foldsCase: Bool
    /// A whitespace run not written yet: where it starts and whether it holds a line break.
    private var pendingWhitespace: (origin: Int, isLineBreak: Bool)?
    /// The end of the last non-whitespace scalar read.
    private var lastEnd = 0

    /// Starts writing into `storage` (emptied first) after the units of `carry`, finished folded text
    /// that the new text continues.
    init(folder: ScalarFolder, into storage: FoldedText = FoldedText(), continuing carry: FoldedText? = nil) {
        self.folder = folder
        keepsLineBreaks = folder.folding.keepsLineBreaks
        foldsCase = folder.folding.foldsCase
        text = storage
        text.removeAll()
        if let carry {
            text.append(contentsOf: carry, from: 0)
            lastEnd = carry.endOrigin
        }
    }

    /// Appends a whitespace run that is not in any text: the virtual break after a block or a section.
    mutating func appendBreak(at origin: Int) {
        guard text.count > 0 else { return }
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
            // A byte gives at most one unit (a whitespace unit stands for whitespace bytes already
            // read), plus one for a pending break; longer expansions reserve their own room.
            text.reserve(bytes.count + 2)
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

    /// Ends the text: trailing whitespace is dropped and the end origin set.
    mutating func finish() -> FoldedText {
        pendingWhitespace = nil
        text.endOrigin = lastEnd
        return text
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
            if pendingWhitespace == nil, text.count > 0 { lastEnd = origin + width }
        } else {
            let units = folder.expansion(code)
            text.reserve(units.count + 1)
            flushWhitespace()
            for unit in units { text.appendReserved(unit, origin: origin) }
            lastEnd = origin + width
        }
    }

    @inline(__always)
    private mutating func noteWhitespace(at origin: Int, isLineBreak: Bool) {
        guard text.count > 0 else { return }
        if let pending = pendingWhitespace {
            if isLineBreak, !pending.isLineBreak { pendingWhitespace = (pending.origin, true) }
        } else {
            pendingWhitespace = (origin, isLineBreak)
        }
    }

    @inline(__always)
    private mutating func flushWhitespace() {
        guard let pending = pendingWhitespace else { return }
        text.appendReserved(keepsLineBreaks && pending.isLineBreak ? 0x0A : 0x20, origin: pending.origin)
        pendingWhitespace = nil
    }

    @inline(__always)
    private mutating func emit(_ unit: UInt16, at origin: Int, end: Int) {
        if pendingWhitespace != nil { flushWhitespace() }
        text.appendReserved(unit, origin: origin)
        lastEnd = end
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

extension FoldedText {
    /// A string folded on its own, origins counted from 0.
    static func folding(_ string: String, with folder: ScalarFolder) -> FoldedText {
        var builder = FoldedTextBuilder(folder: folder)
        builder.append(string, at: 0)
        return builder.finish()
    }
}

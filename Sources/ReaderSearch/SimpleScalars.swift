/// Reads UTF-8 text made only of scalars that are each a character of their own and that no
/// line join of the blocks treats apart (ASCII, Latin, Greek and Cyrillic letters without
/// combining marks, general punctuation, and whitespace), so the text around a search hit can
/// be collapsed and cut by counting scalars instead of building Strings and their graphemes.
struct SimpleScalars {
    /// One scalar: where it starts and ends in the bytes, and whether it is whitespace.
    struct Scalar {
        var range: Range<Int>
        var isWhitespace: Bool
    }

    let bytes: UnsafeBufferPointer<UInt8>

    /// Whether an ASCII byte is whitespace as the blocks collapse it.
    @inline(__always)
    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// The scalar that starts at `index` (before `end`), nil when it is not a simple one or not
    /// well-formed.
    @inline(__always)
    func scalar(at index: Int, end: Int) -> Scalar? {
        let lead = bytes[index]
        if lead < 0x80 {
            return Scalar(range: index..<index + 1, isWhitespace: Self.isASCIIWhitespace(lead))
        }
        if (0xC2...0xDF).contains(lead) {
            guard index + 1 < end, bytes[index + 1] & 0xC0 == 0x80 else { return nil }
            let value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
            guard value < 0x300 || (0x370...0x482).contains(value) else { return nil }
            return Scalar(range: index..<index + 2, isWhitespace: value == 0x85 || value == 0xA0)
        }
        guard lead == 0xE2, index + 2 < end, bytes[index + 1] & 0xFE == 0x80, bytes[index + 2] & 0xC0 == 0x80 else { return nil }
        let value = 0x2000 | UInt32(bytes[index + 1] & 0x01) << 6 | UInt32(bytes[index + 2] & 0x3F)
        switch value {
        case 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F: return Scalar(range: index..<index + 3, isWhitespace: true)
        case 0x2010...0x2027, 0x2030...0x205E: return Scalar(range: index..<index + 3, isWhitespace: false)
        default: return nil
        }
    }

    /// The scalar that ends at `index` (after `start`), nil as for ``scalar(at:end:)``.
    @inline(__always)
    func scalar(endingAt index: Int, start: Int) -> Scalar? {
        var first = index - 1
        while first > start, index - first < 3, bytes[first] & 0xC0 == 0x80 { first -= 1 }
        guard let scalar = scalar(at: first, end: index), scalar.range.upperBound == index else { return nil }
        return scalar
    }

    /// One scalar of collapsed text packed in an `Int`: where it starts in the bytes, shifted left
    /// by two, and its length in bytes (1 to 3) in the two low bits; ``space`` for a run of
    /// whitespace collapsed to one space.
    typealias Packed = Int

    /// A run of whitespace, collapsed to one space.
    static let space: Packed = 0

    @inline(__always)
    private static func packed(_ scalar: Scalar) -> Packed {
        scalar.range.lowerBound << 2 | scalar.range.count
    }

    /// The collapsed text (whitespace runs as one space) of the last scalars before `end`, from
    /// `start` on, at most `buffer.count` of them, written to the end of `buffer` in reading
    /// order (``Packed``); how many were written and where the scalars read begin; nil when a
    /// scalar there is not simple.
    func collapsed(before end: Int, from start: Int, into buffer: UnsafeMutableBufferPointer<Packed>) -> (count: Int, start: Int)? {
        var first = buffer.count
        var index = end
        // Read backwards, written backwards.
        while index > start, first > 0 {
            let scalar: Scalar
            let byte = bytes[index - 1]
            if byte < 0x80 {
                // An ASCII byte is its own scalar: no need to look back for a lead byte.
                scalar = Scalar(range: index - 1..<index, isWhitespace: Self.isASCIIWhitespace(byte))
            } else {
                guard let found = self.scalar(endingAt: index, start: start) else { return nil }
                scalar = found
            }
            if scalar.isWhitespace {
                if first == buffer.count || buffer[first] != Self.space {
                    first -= 1
                    buffer[first] = Self.space
                }
            } else {
                first -= 1
                buffer[first] = Self.packed(scalar)
            }
            index = scalar.range.lowerBound
        }
        return (buffer.count - first, index)
    }

    /// The collapsed text of the first scalars from `start`, before `end`, at most `buffer.count`
    /// of them, written to the start of `buffer`; how many were written and where the scalars
    /// read end (see ``collapsed(before:from:into:)``).
    func collapsed(from start: Int, before end: Int, into buffer: UnsafeMutableBufferPointer<Packed>) -> (count: Int, end: Int)? {
        var count = 0
        var index = start
        while index < end {
            guard let scalar = scalar(at: index, end: end) else { return nil }
            if scalar.isWhitespace {
                if count == 0 || buffer[count - 1] != Self.space {
                    guard count < buffer.count else { break }
                    buffer[count] = Self.space
                    count += 1
                }
            } else {
                guard count < buffer.count else { break }
                buffer[count] = Self.packed(scalar)
                count += 1
            }
            index = scalar.range.upperBound
        }
        return (count, index)
    }

    /// Appends the collapsed text of the bytes `start..<end` to `buffer`, returning where it lies;
    /// nil, with nothing appended, when a scalar there is not simple.
    func appendCollapsed(from start: Int, before end: Int, to buffer: inout [UInt8]) -> Range<Int>? {
        let first = buffer.count
        // Collapsing never lengthens: the bytes are written to the stack, then appended at once.
        let collapsed = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, end - start)) { text -> Bool in
            var written = 0, index = start
            while index < end {
                guard let scalar = scalar(at: index, end: end) else { return false }
                if scalar.isWhitespace {
                    if written == 0 || text[written - 1] != 0x20 {
                        text[written] = 0x20
                        written += 1
                    }
                } else {
                    for byte in scalar.range {
                        text[written] = bytes[byte]
                        written += 1
                    }
                }
                index = scalar.range.upperBound
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: text[..<written]))
            return true
        }
        return collapsed ? first..<buffer.count : nil
    }

    /// Appends the text of collapsed scalars (``Packed``) to `buffer`, returning where it lies.
    func append(_ scalars: UnsafeMutableBufferPointer<Packed>.SubSequence, to buffer: inout [UInt8]) -> Range<Int> {
        let first = buffer.count
        // Written to the stack first, then appended at once (appending byte by byte pays the
        // array's checks for every byte). Three bytes a scalar at most.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, scalars.count * 3)) { text in
            guard let target = text.baseAddress, let source = bytes.baseAddress else { return }
            var next = target
            for scalar in scalars {
                guard scalar != Self.space else {
                    next.pointee = 0x20
                    next += 1
                    continue
                }
                let from = source + scalar >> 2, length = scalar & 3
                next.pointee = from.pointee
                if length > 1 {
                    next[1] = from[1]
                    if length > 2 { next[2] = from[2] }
                }
                next += length
            }
            buffer.append(contentsOf: UnsafeBufferPointer(start: target, count: next - target))
        }
        return first..<buffer.count
    }
}

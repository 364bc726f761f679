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

    /// The scalar that starts at `index` (before `end`), nil when it is not a simple one or not
    /// well-formed.
    @inline(__always)
    func scalar(at index: Int, end: Int) -> Scalar? {
        let lead = bytes[index]
        if lead < 0x80 {
            return Scalar(range: index..<index + 1, isWhitespace: lead == 0x20 || (0x09...0x0D).contains(lead))
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

    /// The collapsed text (whitespace runs as one space) of the last scalars before `end`, from
    /// `start` on, at most `limit` of them: the ranges of its non-space scalars, nil standing for
    /// a space, in reading order, and where the scalars read begin; nil when a scalar there is not
    /// simple.
    func collapsed(before end: Int, from start: Int, limit: Int) -> (scalars: [Range<Int>?], start: Int)? {
        var scalars: [Range<Int>?] = []
        scalars.reserveCapacity(min(limit, end - start))
        var index = end
        // Read backwards, then put in reading order.
        while index > start, scalars.count < limit {
            guard let scalar = scalar(endingAt: index, start: start) else { return nil }
            if scalar.isWhitespace {
                if scalars.last.map({ $0 != nil }) ?? true { scalars.append(nil) }
            } else {
                scalars.append(scalar.range)
            }
            index = scalar.range.lowerBound
        }
        scalars.reverse()
        return (scalars, index)
    }

    /// The collapsed text of the first scalars from `start`, before `end`, at most `limit` of
    /// them, and where the scalars read end (see ``collapsed(before:from:limit:)``).
    func collapsed(from start: Int, before end: Int, limit: Int) -> (scalars: [Range<Int>?], end: Int)? {
        var scalars: [Range<Int>?] = []
        scalars.reserveCapacity(min(limit, end - start))
        var index = start
        while index < end {
            guard let scalar = scalar(at: index, end: end) else { return nil }
            if scalar.isWhitespace {
                if scalars.last.map({ $0 != nil }) ?? true {
                    guard scalars.count < limit else { break }
                    scalars.append(nil)
                }
            } else {
                guard scalars.count < limit else { break }
                scalars.append(scalar.range)
            }
            index = scalar.range.upperBound
        }
        return (scalars, index)
    }

    /// The text of collapsed scalars.
    func string(_ scalars: some Collection<Range<Int>?>) -> String {
        var length = 0
        for scalar in scalars { length += scalar?.count ?? 1 }
        return String(unsafeUninitializedCapacity: length) { utf8 in
            var written = 0
            for scalar in scalars {
                guard let scalar else {
                    utf8[written] = 0x20
                    written += 1
                    continue
                }
                for index in scalar {
                    utf8[written] = bytes[index]
                    written += 1
                }
            }
            return written
        }
    }
}

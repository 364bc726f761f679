// MARK: - A line's text, read from its bytes

extension ChapterHeadingDetector {
    /// ``trimmedCandidateScalars(_:)`` of a line of the buffer, decoded straight from its bytes when
    /// they are well-formed UTF-8 (as a heading's are, always, in a decoded text), else through a
    /// String, which repairs them.
    static func candidateScalars(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan) -> [Unicode.Scalar]? {
        // The bytes before the first non-blank one are spaces, which the trimming drops anyway.
        let text = line.firstNonBlank..<line.end
        guard isWellFormedUTF8(bytes, text) else { return trimmedCandidateScalars(lineString(bytes, line).unicodeScalars) }
        return trimmedCandidateScalars(WellFormedScalars(bytes: bytes, index: text.lowerBound, end: text.upperBound))
    }

    /// A line of the buffer without the spaces (``isSpace(_:)``) at its ends, as
    /// ``trimmedString(_:)`` gives it, decoded from the trimmed bytes alone. The same even where
    /// the bytes are not well-formed: the spaces trimmed are whole characters, each starting with
    /// an ASCII or a lead byte, which starts a character wherever it stands, so decoding the line
    /// finds them as they are, and repairs the bytes between them as it repairs them alone.
    static func lineTitle(_ bytes: UnsafeBufferPointer<UInt8>, _ line: LineSpan) -> String {
        var low = line.start, high = line.end
        while low < high, case let length = spaceLength(bytes, at: low, end: high), length > 0 { low += length }
        while high > low, case let length = spaceLength(bytes, before: high, start: low), length > 0 { high -= length }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)
    }

    /// The byte length of the space (``isSpace(_:)``) that starts at `index`, or 0.
    private static func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        switch bytes[index] {
        case 0x20, 0x09, 0x0B, 0x0C: return 1
        case 0xC2: return index + 1 < end && bytes[index + 1] == 0xA0 ? 2 : 0
        case 0xE2, 0xE3, 0xEF:
            guard index + 2 < end else { return 0 }
            return isThreeByteSpace(bytes[index], bytes[index + 1], bytes[index + 2]) ? 3 : 0
        default: return 0
        }
    }

    /// The byte length of the space (``isSpace(_:)``) that ends just before `end`, or 0.
    private static func spaceLength(_ bytes: UnsafeBufferPointer<UInt8>, before end: Int, start: Int) -> Int {
        switch bytes[end - 1] {
        case 0x20, 0x09, 0x0B, 0x0C: return 1
        case 0xA0: return end - 2 >= start && bytes[end - 2] == 0xC2 ? 2 : 0
        default:
            guard end - 3 >= start else { return 0 }
            return isThreeByteSpace(bytes[end - 3], bytes[end - 2], bytes[end - 1]) ? 3 : 0
        }
    }

    /// Whether three bytes encode U+2002, U+2003, U+2009, U+3000 or U+FEFF.
    private static func isThreeByteSpace(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> Bool {
        switch (lead, second, third) {
        case (0xE2, 0x80, 0x82), (0xE2, 0x80, 0x83), (0xE2, 0x80, 0x89), (0xE3, 0x80, 0x80), (0xEF, 0xBB, 0xBF): true
        default: false
        }
    }

    /// Whether `bytes[range]` is well-formed UTF-8 (no stray or missing continuation byte, no
    /// overlong form, surrogate or value past U+10FFFF).
    static func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            // The length, and the range of the second byte, which rules out the overlong forms,
            // the surrogates and what lies past U+10FFFF.
            let length: Int, second: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
            case 0xE0: (length, second) = (3, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
            case 0xED: (length, second) = (3, 0x80...0x9F)
            case 0xF0: (length, second) = (4, 0x90...0xBF)
            case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
            case 0xF4: (length, second) = (4, 0x80...0x8F)
            default: return false
            }
            guard range.upperBound - index >= length, second.contains(bytes[index + 1]) else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 { return false }
            index += length
        }
        return true
    }

    /// The scalars of well-formed UTF-8 bytes, decoded without building a String.
    struct WellFormedScalars: Sequence, IteratorProtocol {
        /// The buffer the bytes lie in.
        let bytes: UnsafeBufferPointer<UInt8>
        /// Where the next scalar starts.
        var index: Int
        /// Where the bytes end.
        let end: Int

        /// The next scalar, or nil at the end.
        mutating func next() -> Unicode.Scalar? {
            guard index < end else { return nil }
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                return Unicode.Scalar(lead)
            }
            let value = UTF8Scanning.scalar(bytes, at: index)
            index += UTF8Scanning.scalarLength(lead: bytes[index])
            // Never the replacement: well-formed UTF-8 encodes no surrogate.
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
    }
}

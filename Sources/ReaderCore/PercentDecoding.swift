/// Decoding of `%HH` escapes in URL text: EPUB hrefs, CFIs written as URI fragments.
public enum PercentDecoding {
    /// Why text could not be decoded.
    public struct Failure: Error, Hashable, Sendable {
        /// UTF-8 offset of the malformed escape; 0 when the escapes decode to bytes that are not UTF-8.
        public var byteOffset: Int
    }

    /// The text with every `%HH` escape decoded, the decoded bytes read as UTF-8.
    /// - Throws: ``Failure`` for a `%` not followed by two hex digits, or bytes that are not UTF-8.
    public static func decode(_ text: String) throws(Failure) -> String {
        let percent = UInt8(ascii: "%")
        guard text.utf8.contains(percent) else { return text }
        let input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count {
            guard input[index] == percent else {
                output.append(input[index])
                index += 1
                continue
            }
            guard index + 2 < input.count, let high = hexValue(input[index + 1]), let low = hexValue(input[index + 2])
            else { throw Failure(byteOffset: index) }
            output.append(high << 4 | low)
            index += 3
        }
        guard let decoded = String(validating: output, as: UTF8.self) else { throw Failure(byteOffset: 0) }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

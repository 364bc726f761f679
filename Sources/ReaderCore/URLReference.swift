/// Facts about a URL reference as markup writes it (RFC 3986), shared by every place that must
/// tell a link or image source that leaves the document from a path inside it.
public enum URLReference {
    /// The scheme of `reference`, lower-cased (`https`, `mailto`, `kindle`), or nil for a relative
    /// reference: a scheme is an ASCII letter, then letters, digits, `+`, `-` or `.`, then `:`.
    public static func scheme(of reference: String) -> String? {
        guard let colon = reference.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let candidate = reference.utf8[..<colon]
        guard let first = candidate.first, isLetter(first),
              candidate.allSatisfy({ isLetter($0) || isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E })
        else { return nil }
        return String(decoding: candidate, as: UTF8.self).lowercased()
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}

/// A document format, named by a short stable identifier (`"txt"`, `"epub"`, …).
///
/// The set is open: a backend that opens a new format declares it with a ``FormatDescriptor``
/// (and, to be recognised, a ``FormatSniffing`` sniffer), and may add a static member for it in its
/// own module. The identifier is what fingerprints, Locator stamps, cache names and JSON carry; it
/// is encoded as the bare string.
public struct DocumentFormat: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The identifier: lower-case ASCII letters, digits, `-`, `+` and `.`.
    public let rawValue: String

    /// A format named `rawValue`; nil when it is empty or holds other characters (a `:` would
    /// break a fingerprint's text form).
    public init?(rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.allSatisfy(Self.isIdentifierByte) else { return nil }
        self.rawValue = rawValue
    }

    /// A format from a literal identifier known to be valid.
    private init(known rawValue: String) {
        self.rawValue = rawValue
    }

    /// The identifier.
    public var description: String { rawValue }

    /// Plain text in any encoding.
    public static let txt = DocumentFormat(known: "txt")
    /// CommonMark / GitHub Flavored Markdown, optionally with YAML front matter.
    public static let markdown = DocumentFormat(known: "markdown")
    /// EPUB 2 or 3 (an OCF zip container).
    public static let epub = DocumentFormat(known: "epub")
    /// Portable Document Format.
    public static let pdf = DocumentFormat(known: "pdf")
    /// Mobipocket (MOBI 6, possibly a KF8 hybrid).
    public static let mobi = DocumentFormat(known: "mobi")
    /// Kindle Format 8 only (AZW3).
    public static let azw3 = DocumentFormat(known: "azw3")
    /// Content no registered sniffer recognises: only a fingerprint is made of such a file.
    public static let unknown = DocumentFormat(known: "unknown")

    /// Decodes the bare identifier.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let format = DocumentFormat(rawValue: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a format identifier: \(text)"))
        }
        self = format
    }

    /// Encodes the bare identifier.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."): true
        default: false
        }
    }
}

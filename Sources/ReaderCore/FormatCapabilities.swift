/// What a format's backend can do. The dispatcher consults it before an operation.
public struct FormatCapabilities: OptionSet, Hashable, Sendable {
    /// The raw bit set.
    public let rawValue: UInt32
    /// Creates a set from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A table of contents (declared or detected).
    public static let tableOfContents = FormatCapabilities(rawValue: 1 << 0)
    /// Bibliographic metadata beyond the file name.
    public static let metadata = FormatCapabilities(rawValue: 1 << 1)
    /// A cover image.
    public static let cover = FormatCapabilities(rawValue: 1 << 2)
    /// Full-text search over the decoded text.
    public static let search = FormatCapabilities(rawValue: 1 << 3)
    /// Text that reflows to any viewport.
    public static let reflow = FormatCapabilities(rawValue: 1 << 4)
    /// Native fixed pages (PDF pages, fixed-layout EPUB).
    public static let fixedPages = FormatCapabilities(rawValue: 1 << 5)
    /// EPUB Canonical Fragment Identifiers in Locators.
    public static let cfi = FormatCapabilities(rawValue: 1 << 6)
    /// Embedded images.
    public static let images = FormatCapabilities(rawValue: 1 << 7)
    /// Detection of encryption or DRM, refused with a clear error.
    public static let encryptionDetection = FormatCapabilities(rawValue: 1 << 8)
    /// Detection of the character encoding of the bytes.
    public static let encodingDetection = FormatCapabilities(rawValue: 1 << 9)
    /// Positions that are stable character offsets into the decoded source.
    public static let sourceOffsets = FormatCapabilities(rawValue: 1 << 10)

    /// Every capability with its stable name, in display order.
    public static let named: [(name: String, capability: FormatCapabilities)] = [
        ("toc", .tableOfContents), ("metadata", .metadata), ("cover", .cover), ("search", .search),
        ("reflow", .reflow), ("fixed-pages", .fixedPages), ("cfi", .cfi), ("images", .images),
        ("encryption-detection", .encryptionDetection), ("encoding-detection", .encodingDetection),
        ("source-offsets", .sourceOffsets),
    ]

    /// The stable names of the capabilities in this set, in display order.
    public var names: [String] {
        Self.named.filter { contains($0.capability) }.map(\.name)
    }
}

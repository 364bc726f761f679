/// Caps that keep a hostile archive from taking unbounded memory or time.
///
/// Every cap is checked while inflating, on the bytes actually produced: declared sizes in the
/// zip headers are only used to refuse early, never to decide that an entry is safe.
public struct ZipLimits: Hashable, Sendable {
    /// Archives listing more entries than this fail to open.
    public var maxEntryCount: Int
    /// The most bytes one entry may inflate to.
    public var maxEntryBytes: Int
    /// The most bytes all reads of one archive may inflate to, together.
    public var maxTotalBytes: Int
    /// The most bytes an entry may inflate to per byte it occupies in the archive...
    public var maxCompressionRatio: Int
    /// ...once it has inflated past this many bytes (small, very repetitive files are harmless).
    public var ratioGraceBytes: Int

    /// Creates limits.
    public init(maxEntryCount: Int, maxEntryBytes: Int, maxTotalBytes: Int,
                 maxCompressionRatio: Int, ratioGraceBytes: Int) {
        self.maxEntryCount = maxEntryCount
        self.maxEntryBytes = maxEntryBytes
        self.maxTotalBytes = maxTotalBytes
        self.maxCompressionRatio = maxCompressionRatio
        self.ratioGraceBytes = ratioGraceBytes
    }

    /// The defaults for EPUB containers.
    ///
    /// - 100 000 entries: large real books (dictionaries, image-heavy comics) hold a few thousand.
    /// - 64 MiB per entry: the same as ``MarkupLimits/standard``'s input cap, so no content
    ///   document the engine could parse is refused here; only media is ever larger.
    /// - 1 GiB in total: many times the text of any book, yet it stops archives whose entries all
    ///   point at one compressed stream ("overlapping" bombs).
    /// - 1000:1 past 4 MiB: real text stays under 20:1, so genuine content never meets it, while
    ///   a bzip2 bomb (whose ratio can pass 1 000 000:1) stops after 4 MiB. Deflate cannot pass
    ///   about 1030:1, so deflate bombs are stopped by the per-entry and total caps instead.
    public static let standard = ZipLimits(
        maxEntryCount: 100_000, maxEntryBytes: 64 << 20, maxTotalBytes: 1 << 30,
        maxCompressionRatio: 1000, ratioGraceBytes: 4 << 20)
}

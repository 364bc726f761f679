/// One entry of a zip archive's central directory, as declared there.
///
/// Sizes are what the archive claims; ``ZipArchive/read(_:)`` checks them against the bytes it
/// actually inflates.
public struct ZipEntry: Hashable, Sendable {
    /// Position in the central directory, from 0.
    public var index: Int
    /// The name, decoded as UTF-8 (names not flagged UTF-8 that are not valid UTF-8 are read as CP437).
    public var name: String
    /// The declared uncompressed size in bytes.
    public var size: Int
    /// The declared size of the stored (compressed) data in bytes.
    public var compressedSize: Int
    /// How the data is compressed.
    public var compression: ZipCompression
    /// Whether the entry is encrypted at the zip level (it can then never be read).
    public var isEncrypted: Bool
    /// The declared CRC-32 of the uncompressed data.
    public var crc32: UInt32
    /// Why the name is unsafe (absolute, `..`, backslash, NUL, empty), or nil when it is safe.
    /// Entries with an unsafe name are listed but never readable by name.
    public var nameProblem: String?

    /// Creates an entry.
    package init(index: Int, name: String, size: Int, compressedSize: Int, compression: ZipCompression,
                 isEncrypted: Bool, crc32: UInt32, nameProblem: String?) {
        self.index = index
        self.name = name
        self.size = size
        self.compressedSize = compressedSize
        self.compression = compression
        self.isEncrypted = isEncrypted
        self.crc32 = crc32
        self.nameProblem = nameProblem
    }

    /// Whether the entry is a directory (its name ends with `/`).
    public var isDirectory: Bool { name.hasSuffix("/") }
}

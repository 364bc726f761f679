/// One entry of a zip archive's central directory, as declared there.
///
/// Sizes are what the archive claims; ``ZipArchive/read(_:)`` checks them against the bytes it
/// actually inflates.
package struct ZipEntry: Hashable, Sendable {
    /// Position in the central directory, from 0.
    package var index: Int
    /// The name, decoded as UTF-8 (names not flagged UTF-8 that are not valid UTF-8 are read as CP437).
    package var name: String
    /// The declared uncompressed size in bytes.
    package var size: Int
    /// The declared size of the stored (compressed) data in bytes.
    package var compressedSize: Int
    /// How the data is compressed.
    package var compression: ZipCompression
    /// Whether the entry is encrypted at the zip level (it can then never be read).
    package var isEncrypted: Bool
    /// The declared CRC-32 of the uncompressed data.
    package var crc32: UInt32
    /// Why the name is unsafe (absolute, `..`, backslash, NUL, empty), or nil when it is safe.
    /// Entries with an unsafe name are listed but never readable by name.
    package var nameProblem: String?

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
    package var isDirectory: Bool { name.hasSuffix("/") }
}

/// A zip compression method: the 16-bit code from the entry's header.
package struct ZipCompression: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method code (APPNOTE 4.4.5).
    package var rawValue: UInt16

    /// Creates a method from its code.
    package init(rawValue: UInt16) { self.rawValue = rawValue }

    /// No compression (the OCF `mimetype` entry must be stored).
    package static let stored = ZipCompression(rawValue: 0)
    /// Deflate, the method almost every EPUB uses.
    package static let deflate = ZipCompression(rawValue: 8)
    /// bzip2.
    package static let bzip2 = ZipCompression(rawValue: 12)
    /// LZMA.
    package static let lzma = ZipCompression(rawValue: 14)
    /// Zstandard.
    package static let zstd = ZipCompression(rawValue: 93)
    /// XZ.
    package static let xz = ZipCompression(rawValue: 95)

    /// The method's name, or `method N` for one without a name here.
    package var description: String {
        switch self {
        case .stored: "stored"
        case .deflate: "deflate"
        case .bzip2: "bzip2"
        case .lzma: "LZMA"
        case .zstd: "zstd"
        case .xz: "XZ"
        default: "method \(rawValue)"
        }
    }
}

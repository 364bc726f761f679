/// A zip compression method: the 16-bit code from the entry's header.
public struct ZipCompression: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method code (APPNOTE 4.4.5).
    public var rawValue: UInt16

    /// Creates a method from its code.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// No compression (the OCF `mimetype` entry must be stored).
    public static let stored = ZipCompression(rawValue: 0)
    /// Deflate, the method almost every EPUB uses.
    public static let deflate = ZipCompression(rawValue: 8)
    /// bzip2.
    public static let bzip2 = ZipCompression(rawValue: 12)
    /// LZMA.
    public static let lzma = ZipCompression(rawValue: 14)
    /// Zstandard.
    public static let zstd = ZipCompression(rawValue: 93)
    /// XZ.
    public static let xz = ZipCompression(rawValue: 95)

    /// The method's name, or `method N` for one without a name here.
    public var description: String {
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

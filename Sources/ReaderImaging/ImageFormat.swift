/// The picture formats this module decodes, told by their first bytes.
public enum ImageFormat: String, Hashable, Sendable, CaseIterable {
    /// JPEG (JFIF, Exif or bare), through libjpeg-turbo.
    case jpeg
    /// PNG, through libpng.
    case png
    /// WebP (lossy or lossless, still), through libwebp.
    case webp

    /// The format whose signature `bytes` start with, or nil.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) { return .webp }
        return nil
    }

    /// The IANA media type (`image/jpeg`, …).
    public var mediaType: String { "image/\(rawValue)" }

    /// The name used in messages (`JPEG`, …).
    public var name: String { rawValue == "webp" ? "WebP" : rawValue.uppercased() }
}

/// The picture formats an export meets, told by their first bytes rather than by a declared type.
enum ImageFormat: Hashable, Sendable {
    case jpeg, png, gif, svg, webp, avif

    /// The format of `bytes`, nil when it is none of these.
    init?(sniffing bytes: [UInt8]) {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { self = .jpeg }
        else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { self = .png }
        else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { self = .gif }
        else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { self = .webp }
        else if starts(Array("ftyp".utf8), at: 4), starts(Array("avif".utf8), at: 8) || starts(Array("avis".utf8), at: 8) { self = .avif }
        else if Self.looksLikeSVG(bytes) { self = .svg }
        else { return nil }
    }

    /// Whether a reading system must show it (EPUB core media types).
    var isCoreMediaType: Bool { self != .webp && self != .avif }

    var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .svg: "image/svg+xml"
        case .webp: "image/webp"
        case .avif: "image/avif"
        }
    }

    var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        case .gif: "gif"
        case .svg: "svg"
        case .webp: "webp"
        case .avif: "avif"
        }
    }

    /// An `<svg` root within the first KiB of text.
    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self)
        return head.contains("<svg")
    }
}

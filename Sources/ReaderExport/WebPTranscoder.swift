internal import CWebP

/// WebP pictures turned into PNG: decoded by libwebp (`WebPDecodeRGBA`), written by ``RGBAPNG``.
enum WebPTranscoder {
    /// The largest picture decoded: 64 megapixels (256 MiB of RGBA).
    static let maximumPixels = 64 << 20

    /// The PNG bytes of a WebP picture, or nil when libwebp cannot decode it or it is too large.
    static func png(fromWebP bytes: [UInt8]) -> [UInt8]? {
        var width: Int32 = 0
        var height: Int32 = 0
        guard WebPGetInfo(bytes, bytes.count, &width, &height) != 0, width > 0, height > 0,
              Int(width) * Int(height) <= maximumPixels else { return nil }
        guard let pixels = WebPDecodeRGBA(bytes, bytes.count, &width, &height) else { return nil }
        defer { WebPFree(pixels) }
        return RGBAPNG.encode(pixels: pixels, width: Int(width), height: Int(height), rowBytes: Int(width) * 4)
    }
}

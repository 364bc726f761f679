internal import CImageCodecs
internal import CWebP

/// Decodes JPEG, PNG and WebP pictures after checking them against ``ImageLimits``.
public enum ImageDecoder {
    /// The picture in `bytes` as RGB, any transparency composited on white.
    /// - Throws: ``ImageError`` when the bytes are not a picture this module reads, are over
    ///   `limits`, or cannot be decoded.
    public static func decode(_ bytes: [UInt8], limits: ImageLimits = .standard) throws(ImageError) -> RGBImage {
        let pixels = try decodePixels(bytes, limits: limits, jpegScale: 1)
        return BoxScaler.scale(pixels, width: pixels.width, height: pixels.height)
    }

    /// The decoded pixels, RGB or RGBA. A JPEG is decoded at 1/`jpegScale` of its size (1, 2, 4 or 8).
    static func decodePixels(_ bytes: [UInt8], limits: ImageLimits, jpegScale: Int) throws(ImageError) -> DecodedPixels {
        let format = try ImageProbe.sniff(bytes, limits: limits)
        let codecLimits = reader_image_limits(max_dimension: limits.codecLimits.dimension, max_pixels: limits.codecLimits.pixels)
        var output = reader_image_pixels()
        switch format {
        case .jpeg:
            try CodecStatus.check(format, "decoding") { message in
                bytes.withUnsafeBufferPointer {
                    reader_jpeg_decode($0.baseAddress, $0.count, codecLimits, UInt32(jpegScale), &output, message)
                }
            }
        case .png:
            try CodecStatus.check(format, "decoding") { message in
                bytes.withUnsafeBufferPointer { reader_png_decode($0.baseAddress, $0.count, codecLimits, &output, message) }
            }
        case .webp:
            return try decodeWebP(bytes, limits: limits)
        }
        guard let base = output.pixels else { throw ImageError(.outOfMemory, format: format, reason: "decoding: no pixels") }
        return DecodedPixels(base: base, width: Int(output.width), height: Int(output.height), channels: Int(output.channels),
                             owner: .codecs)
    }

    /// libwebp (`WebPGetFeatures`, then `WebPDecodeRGB` or `WebPDecodeRGBA`); animations are refused.
    private static func decodeWebP(_ bytes: [UInt8], limits: ImageLimits) throws(ImageError) -> DecodedPixels {
        var features = WebPBitstreamFeatures()
        guard WebPGetFeatures(bytes, bytes.count, &features) == VP8_STATUS_OK else {
            throw ImageError(.malformed, format: .webp, reason: "decoding: libwebp cannot read the header")
        }
        guard features.has_animation == 0 else {
            throw ImageError(.unsupportedFormat, format: .webp, reason: "an animated WebP picture")
        }
        try limits.check(width: Int(features.width), height: Int(features.height), format: .webp)
        var width: Int32 = 0
        var height: Int32 = 0
        let alpha = features.has_alpha != 0
        let decoded = alpha ? WebPDecodeRGBA(bytes, bytes.count, &width, &height) : WebPDecodeRGB(bytes, bytes.count, &width, &height)
        guard let decoded else { throw ImageError(.malformed, format: .webp, reason: "decoding: libwebp refused the data") }
        return DecodedPixels(base: UnsafePointer(decoded), width: Int(width), height: Int(height), channels: alpha ? 4 : 3,
                             owner: .webp)
    }
}

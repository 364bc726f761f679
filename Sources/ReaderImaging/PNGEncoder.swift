internal import CImageCodecs

/// Writes pictures as PNG with libpng's simplified API (`png_image_write_to_memory`).
public enum PNGEncoder {
    /// The PNG bytes of `image`.
    /// - Throws: ``ImageError`` when libpng fails or memory runs out.
    public static func encode(_ image: RGBImage) throws(ImageError) -> [UInt8] {
        try encode(pixels: image.pixels, width: image.width, height: image.height, channels: 3)
    }

    /// The PNG bytes of 8-bit pixels with `channels` 3 (RGB) or 4 (RGBA, not premultiplied).
    /// - Throws: ``ImageError`` when the pixel count does not match, libpng fails or memory runs out.
    public static func encode(pixels: [UInt8], width: Int, height: Int, channels: Int) throws(ImageError) -> [UInt8] {
        guard width > 0, height > 0, channels == 3 || channels == 4, pixels.count == width * height * channels else {
            throw ImageError(.malformed, format: .png, reason: "encoding: \(pixels.count) bytes for \(width) × \(height) × \(channels)")
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        try CodecStatus.check(.png, "encoding") { message in
            pixels.withUnsafeBufferPointer {
                reader_png_encode($0.baseAddress, UInt32(width), UInt32(height), UInt32(channels), &output, &size, message)
            }
        }
        guard let output else { throw ImageError(.outOfMemory, format: .png, reason: "encoding: no output") }
        defer { reader_image_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

internal import CImageCodecs

/// Writes RGB pictures as baseline JPEG with libjpeg-turbo (`jpeg_mem_dest`, optimised Huffman
/// tables, 4:2:0). The same pixels and quality give the same bytes.
public enum JPEGEncoder {
    /// The JPEG bytes of `image` at `quality` (1–100, clamped).
    /// - Throws: ``ImageError`` when libjpeg fails (it does not for a valid picture) or memory runs out.
    public static func encode(_ image: RGBImage, quality: Int = 80) throws(ImageError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        try CodecStatus.check(.jpeg, "encoding") { message in
            image.pixels.withUnsafeBufferPointer {
                reader_jpeg_encode($0.baseAddress, UInt32(image.width), UInt32(image.height), Int32(min(100, max(1, quality))),
                                   &output, &size, message)
            }
        }
        guard let output else { throw ImageError(.outOfMemory, format: .jpeg, reason: "encoding: no output") }
        defer { reader_image_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

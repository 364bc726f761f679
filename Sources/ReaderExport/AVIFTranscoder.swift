internal import CAVIF

/// AVIF pictures turned into PNG: the first frame decoded by libavif (dav1d), converted to 8-bit
/// RGBA, written by ``RGBAPNG``.
enum AVIFTranscoder {
    /// The PNG bytes of an AVIF picture, or nil when libavif cannot decode it or it is larger
    /// than ``WebPTranscoder/maximumPixels``.
    static func png(fromAVIF bytes: [UInt8]) -> [UInt8]? {
        guard let decoder = avifDecoderCreate() else { return nil }
        defer { avifDecoderDestroy(decoder) }
        decoder.pointee.maxThreads = 1
        // Checked by libavif before it allocates a frame.
        decoder.pointee.imageSizeLimit = UInt32(WebPTranscoder.maximumPixels)
        return bytes.withUnsafeBufferPointer { (input) -> [UInt8]? in
            guard avifDecoderSetIOMemory(decoder, input.baseAddress, input.count) == AVIF_RESULT_OK,
                  avifDecoderParse(decoder) == AVIF_RESULT_OK,
                  avifDecoderNextImage(decoder) == AVIF_RESULT_OK,
                  let image = decoder.pointee.image else { return nil }
            var rgb = avifRGBImage()
            avifRGBImageSetDefaults(&rgb, image)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            avifRGBImageAllocatePixels(&rgb)
            defer { avifRGBImageFreePixels(&rgb) }
            guard let pixels = rgb.pixels, avifImageYUVToRGB(image, &rgb) == AVIF_RESULT_OK else { return nil }
            return RGBAPNG.encode(pixels: pixels, width: Int(rgb.width), height: Int(rgb.height), rowBytes: Int(rgb.rowBytes))
        }
    }
}

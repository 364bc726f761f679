internal import CAVIFOnDemand

/// AVIF pictures turned into PNG: the first frame decoded by libavif (dav1d), converted to 8-bit
/// RGBA, written by ``RGBAPNG``. libavif is loaded on the first picture (``ravif_load()``), not at start.
enum AVIFTranscoder {
    /// The PNG bytes of an AVIF picture, or nil when libavif cannot decode it or it is larger
    /// than ``WebPTranscoder/maximumPixels``, or libavif cannot be loaded.
    static func png(fromAVIF bytes: [UInt8]) -> [UInt8]? {
        guard ravif_load() == 0, let decoder = ravif_avifDecoderCreate() else { return nil }
        defer { ravif_avifDecoderDestroy(decoder) }
        decoder.pointee.maxThreads = 1
        // Checked by libavif before it allocates a frame.
        decoder.pointee.imageSizeLimit = UInt32(WebPTranscoder.maximumPixels)
        return bytes.withUnsafeBufferPointer { (input) -> [UInt8]? in
            guard ravif_avifDecoderSetIOMemory(decoder, input.baseAddress, input.count) == AVIF_RESULT_OK,
                  ravif_avifDecoderParse(decoder) == AVIF_RESULT_OK,
                  ravif_avifDecoderNextImage(decoder) == AVIF_RESULT_OK,
                  let image = decoder.pointee.image else { return nil }
            var rgb = avifRGBImage()
            ravif_avifRGBImageSetDefaults(&rgb, image)
            rgb.format = AVIF_RGB_FORMAT_RGBA
            rgb.depth = 8
            ravif_avifRGBImageAllocatePixels(&rgb)
            defer { ravif_avifRGBImageFreePixels(&rgb) }
            guard let pixels = rgb.pixels, ravif_avifImageYUVToRGB(image, &rgb) == AVIF_RESULT_OK else { return nil }
            return RGBAPNG.encode(pixels: pixels, width: Int(rgb.width), height: Int(rgb.height), rowBytes: Int(rgb.rowBytes))
        }
    }
}

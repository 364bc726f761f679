import CAVIF
import Foundation

/// A small AVIF picture made with libavif's encoder (aom), for the transcoding tests.
enum AVIFPicture {
    static let width = 8
    static let height = 6

    /// The picture as AVIF: a left half of red and a right half of blue, 4:4:4, at the best quality.
    static func encoded() -> [UInt8] {
        guard let image = avifImageCreate(UInt32(width), UInt32(height), 8, AVIF_PIXEL_FORMAT_YUV444) else { return [] }
        defer { avifImageDestroy(image) }
        var rgb = avifRGBImage()
        avifRGBImageSetDefaults(&rgb, image)
        rgb.format = AVIF_RGB_FORMAT_RGBA
        avifRGBImageAllocatePixels(&rgb)
        defer { avifRGBImageFreePixels(&rgb) }
        for row in 0..<height {
            for column in 0..<width {
                let pixel = rgb.pixels + row * Int(rgb.rowBytes) + column * 4
                let left = column < width / 2
                pixel[0] = left ? 220 : 20
                pixel[1] = 20
                pixel[2] = left ? 20 : 220
                pixel[3] = 255
            }
        }
        guard avifImageRGBToYUV(image, &rgb) == AVIF_RESULT_OK, let encoder = avifEncoderCreate() else { return [] }
        defer { avifEncoderDestroy(encoder) }
        encoder.pointee.minQuantizer = 0
        encoder.pointee.maxQuantizer = 0
        encoder.pointee.speed = 10
        var output = avifRWData()
        defer { avifRWDataFree(&output) }
        guard avifEncoderWrite(encoder, image, &output) == AVIF_RESULT_OK, let data = output.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: output.size))
    }
}

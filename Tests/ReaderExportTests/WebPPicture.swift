import CWebP
import Foundation

/// A small lossless WebP picture made with libwebp's encoder, for the transcoding tests.
enum WebPPicture {
    static let width = 3
    static let height = 2
    /// RGBA rows, every pixel different, alpha 255 or 128 (lossless WebP keeps both exactly).
    static let rgba: [UInt8] = {
        var pixels: [UInt8] = []
        for index in 0..<width * height {
            let alpha: UInt8 = index % 2 == 0 ? 255 : 128
            pixels += [UInt8(40 * index), UInt8(255 - 30 * index), UInt8(17 * index + 3), alpha]
        }
        return pixels
    }()

    /// The picture as lossless WebP.
    static func encoded() -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = WebPEncodeLosslessRGBA(rgba, Int32(width), Int32(height), Int32(width * 4), &output)
        defer { WebPFree(output) }
        guard let output, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

import CWebP
import Foundation
import ReaderCore
import ReaderEngine
import ReaderImaging
import ReaderTestSupport

/// Pictures for the imaging tests, made in code with the module's own encoders (and libwebp's),
/// or read from the covers of committed TestBooks.
enum TestPictures {
    /// A picture whose colour changes smoothly across and down, so scaling errors show.
    static func gradient(width: Int, height: Int) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 90]
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)!
    }

    /// RGBA pixels of one colour and one alpha.
    static func rgba(width: Int, height: Int, color: [UInt8], alpha: UInt8) -> [UInt8] {
        Array([[UInt8]](repeating: color + [alpha], count: width * height).joined())
    }

    /// `pixels` (RGB, or RGBA with `channels` 4) as lossless WebP.
    static func webp(_ pixels: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = channels == 4
            ? WebPEncodeLosslessRGBA(pixels, Int32(width), Int32(height), Int32(width * 4), &output)
            : WebPEncodeLosslessRGB(pixels, Int32(width), Int32(height), Int32(width * 3), &output)
        defer { WebPFree(output) }
        guard let output, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// The cover pictures of the TestBooks that have one.
    static func testBookCovers() throws -> [(book: String, cover: CoverImage)] {
        let engine = ReaderEngine.standard
        var covers: [(String, CoverImage)] = []
        for book in ["epub/lighthouse-keeper.epub", "epub/moon-garden.epub", "mobi/moon-garden.azw3"] {
            let document = try engine.open(path: TestLocation.testBooks.appendingPathComponent(book).path)
            if let cover = try (document as? any CoverProviding)?.coverImage() { covers.append((book, cover)) }
        }
        return covers
    }

    /// The largest difference between two colours, channel by channel.
    static func distance(_ a: (red: UInt8, green: UInt8, blue: UInt8), _ b: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
    }
}

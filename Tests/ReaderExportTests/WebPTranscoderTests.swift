import CZlib
import Foundation
@testable import ReaderExport
import Testing

/// WebP pictures become PNGs with the same pixels.
@Suite("EPUB export: WebP to PNG")
struct WebPTranscoderTests {
    @Test("a lossless WebP picture becomes an RGBA PNG with the same pixels")
    func samePixels() throws {
        let webp = WebPPicture.encoded()
        #expect(ImageFormat(sniffing: webp) == .webp)
        let png = try #require(WebPTranscoder.png(fromWebP: webp))
        #expect(ImageFormat(sniffing: png) == .png)
        var chunks: [String: [UInt8]] = [:]
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            chunks[type, default: []] += png[offset + 8..<offset + 8 + length]
            offset += 12 + length
        }
        let header = try #require(chunks["IHDR"])
        #expect(header.prefix(8) == [0, 0, 0, 3, 0, 0, 0, 2])
        #expect(Array(header.suffix(5)) == [8, 6, 0, 0, 0])
        let compressed = try #require(chunks["IDAT"])
        var length = uLong(WebPPicture.height * (WebPPicture.width * 4 + 1))
        var raw = [UInt8](repeating: 0, count: Int(length))
        let status = uncompress(&raw, &length, compressed, uLong(compressed.count))
        #expect(status == Z_OK)
        var pixels: [UInt8] = []
        for row in 0..<WebPPicture.height {
            let start = row * (WebPPicture.width * 4 + 1)
            #expect(raw[start] == 0)
            pixels += raw[start + 1..<start + 1 + WebPPicture.width * 4]
        }
        #expect(pixels == WebPPicture.rgba)
        #expect(chunks["IEND"] != nil)
    }

    @Test("bytes that are not WebP are refused, not guessed at")
    func notWebP() {
        #expect(WebPTranscoder.png(fromWebP: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPnonsense".utf8)) == nil)
        #expect(WebPTranscoder.png(fromWebP: []) == nil)
    }
}

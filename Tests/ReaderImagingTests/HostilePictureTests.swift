import Foundation
import ReaderImaging
import ReaderTestSupport
import Testing

/// Damaged and hostile pictures give an ``ImageError``, quickly, never a crash or a huge allocation.
@Suite("ReaderImaging: damaged and hostile pictures")
struct HostilePictureTests {
    private static let source = TestPictures.gradient(width: 320, height: 480)

    /// Decodes `bytes` for a thumbnail, expecting `code`, in well under a second.
    private func expectRefusal(_ bytes: [UInt8], _ code: ImageError.Code, limits: ImageLimits = .standard,
                               _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let start = ContinuousClock.now
        do {
            _ = try Thumbnailer(limits: limits).thumbnail(of: bytes)
            Issue.record("no error; expected \(code)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(!error.description.isEmpty, sourceLocation: sourceLocation)
        }
        #expect(ContinuousClock.now - start < .seconds(2), comment, sourceLocation: sourceLocation)
    }

    @Test("nothing, garbage and other formats are not pictures this module reads")
    func notPictures() {
        expectRefusal([], .unsupportedFormat)
        expectRefusal(Array("GIF89a and then some".utf8), .unsupportedFormat)
        var random = SeededRandom(seed: 19)
        expectRefusal((0..<4096).map { _ in UInt8.random(in: 0...255, using: &random) }, .unsupportedFormat)
    }

    @Test("a signature with garbage behind it is malformed", arguments: [ImageFormat.jpeg, .png, .webp])
    func garbageAfterSignature(format: ImageFormat) {
        var random = SeededRandom(seed: 7)
        let signature: [UInt8] = switch format {
        case .jpeg: [0xFF, 0xD8, 0xFF]
        case .png: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        case .webp: Array("RIFF".utf8) + [0x10, 0, 0, 0] + Array("WEBP".utf8)
        }
        expectRefusal(signature, .malformed)
        expectRefusal(signature + (0..<2000).map { _ in UInt8.random(in: 0...255, using: &random) }, .malformed)
    }

    @Test("truncated pictures are malformed, whether cut in the header or in the pixels", arguments: [ImageFormat.jpeg, .png, .webp])
    func truncated(format: ImageFormat) throws {
        let whole: [UInt8] = switch format {
        case .jpeg: try JPEGEncoder.encode(Self.source)
        case .png: try PNGEncoder.encode(Self.source)
        case .webp: TestPictures.webp(Self.source.pixels, width: Self.source.width, height: Self.source.height, channels: 3)
        }
        #expect(try Thumbnailer().thumbnail(of: whole).width == 200)
        for length in [12, 20, 40, whole.count / 2, whole.count - 20] {
            expectRefusal(Array(whole.prefix(length)), .malformed, "\(format) cut at \(length)")
        }
    }

    @Test("a header giving zero width is malformed")
    func zeroSize() throws {
        var png = try PNGEncoder.encode(Self.source)
        png.replaceSubrange(16..<20, with: [0, 0, 0, 0])  // IHDR width
        PNGBytes.fixHeaderCRC(&png)
        expectRefusal(png, .malformed)
        var jpeg = try JPEGEncoder.encode(Self.source)
        let frame = try #require(JPEGBytes.frameHeaderOffset(jpeg))
        jpeg.replaceSubrange(frame + 7..<frame + 9, with: [0, 0])  // SOF width
        expectRefusal(jpeg, .malformed)
    }

    @Test("headers claiming huge dimensions are refused before any pixel memory is allocated")
    func hugeDimensions() throws {
        var png = try PNGEncoder.encode(Self.source)
        png.replaceSubrange(16..<24, with: [0, 0, 0x9C, 0x40, 0, 0, 0x9C, 0x40])  // 40000 × 40000
        PNGBytes.fixHeaderCRC(&png)
        expectRefusal(png, .tooLarge)
        var jpeg = try JPEGEncoder.encode(Self.source)
        let frame = try #require(JPEGBytes.frameHeaderOffset(jpeg))
        jpeg.replaceSubrange(frame + 5..<frame + 9, with: [0x9C, 0x40, 0x9C, 0x40])  // 40000 × 40000
        expectRefusal(jpeg, .tooLarge)
        // Within the side limit but over the pixel count: 10000 × 10000 is 100 megapixels.
        jpeg.replaceSubrange(frame + 5..<frame + 9, with: [0x27, 0x10, 0x27, 0x10])
        expectRefusal(jpeg, .tooLarge)
        #expect(throws: ImageError.self) { try ImageProbe.info(of: jpeg) }
    }

    @Test("input over the byte limit is refused unread")
    func tooManyBytes() throws {
        let png = try PNGEncoder.encode(Self.source)
        expectRefusal(png, .tooLarge, limits: ImageLimits(maxInputBytes: png.count - 1))
        #expect(try Thumbnailer(limits: ImageLimits(maxInputBytes: png.count)).thumbnail(of: png).width == 200)
    }

    @Test("flipping any one byte of a picture never crashes: a thumbnail or an ImageError", arguments: [ImageFormat.jpeg, .png])
    func byteFlips(format: ImageFormat) throws {
        let small = TestPictures.gradient(width: 260, height: 100)
        let whole = format == .jpeg ? try JPEGEncoder.encode(small) : try PNGEncoder.encode(small)
        var random = SeededRandom(seed: 2024)
        var refused = 0
        for _ in 0..<300 {
            var damaged = whole
            damaged[Int.random(in: 0..<damaged.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
            do {
                let thumbnail = try Thumbnailer().thumbnail(of: damaged)
                #expect(thumbnail.width <= 200 && thumbnail.height <= 300)
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)
    }
}

/// Edits to PNG bytes for the tests.
enum PNGBytes {
    /// Recomputes the CRC of the IHDR chunk (bytes 12..<29) after its fields were changed.
    static func fixHeaderCRC(_ png: inout [UInt8]) {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in png[12..<29] {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
    }
}

/// Finding things in JPEG bytes for the tests.
enum JPEGBytes {
    /// The offset of the first SOF0 marker (FF C0): length at +2, precision at +4, height at +5, width at +7.
    static func frameHeaderOffset(_ jpeg: [UInt8]) -> Int? {
        var offset = 2
        while offset + 4 <= jpeg.count, jpeg[offset] == 0xFF {
            let marker = jpeg[offset + 1]
            if marker == 0xC0 { return offset }
            offset += 2 + (Int(jpeg[offset + 2]) << 8 | Int(jpeg[offset + 3]))
        }
        return nil
    }
}

import Foundation
import ReaderImaging
import ReaderTestSupport
import Testing

@Suite("ReaderImaging: thumbnails")
struct ThumbnailerTests {
    @Test("a large picture is reduced to fit 200 × 300 with its aspect ratio, whatever its format",
          arguments: [ImageFormat.jpeg, .png, .webp], [(1200, 1600), (900, 600), (640, 2400)])
    func fitsTheBox(format: ImageFormat, size: (width: Int, height: Int)) throws {
        let source = TestPictures.gradient(width: size.width, height: size.height)
        let bytes: [UInt8] = switch format {
        case .jpeg: try JPEGEncoder.encode(source, quality: 92)
        case .png: try PNGEncoder.encode(source)
        case .webp: TestPictures.webp(source.pixels, width: source.width, height: source.height, channels: 3)
        }
        let thumbnail = try Thumbnailer().thumbnail(of: bytes)
        #expect(thumbnail.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(!thumbnail.isSource)
        let decoded = try ImageDecoder.decode(thumbnail.jpeg)
        #expect((decoded.width, decoded.height) == (thumbnail.width, thumbnail.height))
        #expect(decoded.width <= 200 && decoded.height <= 300)
        #expect(decoded.width == 200 || decoded.height == 300, "one side touches the box")
        let sourceRatio = Double(size.width) / Double(size.height)
        let ratio = Double(decoded.width) / Double(decoded.height)
        #expect(abs(ratio - sourceRatio) / sourceRatio < 0.01)
        // The gradient survives: corners keep their colours (within JPEG's loss and the edge averaging).
        let corners = [(0, 0), (decoded.width - 1, 0), (0, decoded.height - 1), (decoded.width - 1, decoded.height - 1)]
        for (x, y) in corners {
            let expected = source[x * (source.width - 1) / (decoded.width - 1), y * (source.height - 1) / (decoded.height - 1)]
            #expect(TestPictures.distance(decoded[x, y], expected) <= 12, "\(format) \(size) corner \(x),\(y)")
        }
    }

    @Test("a uniform colour keeps its colour through decoding, scaling and encoding",
          arguments: [(red: UInt8(200), green: UInt8(30), blue: UInt8(120)), (12, 140, 250), (255, 255, 255), (0, 0, 0)])
    func uniformColour(color: (red: UInt8, green: UInt8, blue: UInt8)) throws {
        let source = RGBImage(width: 700, height: 1000, filledWith: color)
        for bytes in [try PNGEncoder.encode(source), try JPEGEncoder.encode(source, quality: 95)] {
            let thumbnail = try ImageDecoder.decode(try Thumbnailer().thumbnail(of: bytes).jpeg)
            #expect((thumbnail.width, thumbnail.height) == (200, 286))
            for (x, y) in [(0, 0), (100, 143), (199, 285), (57, 211)] {
                #expect(TestPictures.distance(thumbnail[x, y], color) <= 3, "\(color) at \(x),\(y): \(thumbnail[x, y])")
            }
        }
    }

    @Test("transparency is composited on white")
    func alphaOnWhite() throws {
        let clear = try PNGEncoder.encode(pixels: TestPictures.rgba(width: 400, height: 600, color: [0, 0, 0], alpha: 0),
                                          width: 400, height: 600, channels: 4)
        let half = TestPictures.webp(TestPictures.rgba(width: 400, height: 600, color: [0, 0, 200], alpha: 128),
                                     width: 400, height: 600, channels: 4)
        let white = try ImageDecoder.decode(try Thumbnailer().thumbnail(of: clear).jpeg)
        #expect(TestPictures.distance(white[100, 150], (255, 255, 255)) <= 2)
        let blended = try ImageDecoder.decode(try Thumbnailer().thumbnail(of: half).jpeg)
        // 128/255 of the colour over white: (127, 127, 227).
        #expect(TestPictures.distance(blended[100, 150], (127, 127, 227)) <= 4, "\(blended[100, 150])")
    }

    @Test("a picture within the box is never enlarged: a JPEG is its own thumbnail, others are re-encoded at their size")
    func smallPictures() throws {
        let source = TestPictures.gradient(width: 150, height: 90)
        let jpeg = try JPEGEncoder.encode(source)
        let same = try Thumbnailer().thumbnail(of: jpeg)
        #expect(same.isSource && same.jpeg == jpeg && (same.width, same.height) == (150, 90))
        let fromPNG = try Thumbnailer().thumbnail(of: try PNGEncoder.encode(source))
        #expect(!fromPNG.isSource && fromPNG.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let decoded = try ImageDecoder.decode(fromPNG.jpeg)
        #expect((decoded.width, decoded.height) == (150, 90))
    }

    @Test("the TestBooks' covers make JPEG thumbnails within the box, the same bytes every time")
    func testBookCovers() throws {
        let covers = try TestPictures.testBookCovers()
        #expect(covers.count >= 2)
        for (book, cover) in covers {
            let info = try ImageProbe.info(of: cover.data)
            #expect(info.format.mediaType == cover.mediaType, "\(book)")
            let first = try Thumbnailer().thumbnail(of: cover.data)
            let second = try Thumbnailer().thumbnail(of: cover.data)
            #expect(first == second, "\(book)")
            let decoded = try ImageDecoder.decode(first.jpeg)
            #expect(decoded.width <= 200 && decoded.height <= 300, "\(book)")
            // A smaller box shows the reduction on a real cover: aspect ratio kept.
            let small = try Thumbnailer(box: ThumbnailBox(width: 40, height: 40)).thumbnail(of: cover.data)
            #expect(max(small.width, small.height) == 40, "\(book)")
            let ratio = Double(info.width) / Double(info.height)
            #expect(abs(Double(small.width) / Double(small.height) - ratio) < 0.05, "\(book)")
        }
    }

    @Test("the box keeps the aspect ratio and never enlarges")
    func fittedSizes() {
        let box = ThumbnailBox.standard
        #expect(box.fittedSize(width: 1000, height: 1500) == (200, 300))
        #expect(box.fittedSize(width: 2000, height: 1000) == (200, 100))
        #expect(box.fittedSize(width: 100, height: 3000) == (10, 300))
        #expect(box.fittedSize(width: 16000, height: 1) == (200, 1))
        #expect(box.fittedSize(width: 120, height: 180) == (120, 180))
    }
}

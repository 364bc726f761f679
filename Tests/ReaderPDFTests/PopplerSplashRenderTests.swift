import Foundation
import ReaderCore
import ReaderImaging
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// Pages drawn by poppler's Splash rasterizer (the cover's), held against cairo's drawing of the
/// same pages (the `page/N.png` resources').
@Suite("Poppler: Splash rendering", .enabled(if: TestLocation.corpusAvailable))
struct PopplerSplashRenderTests {
    /// The mean difference, 0 to 255, of the channels of two pictures averaged over blocks of
    /// 4 × 4 pixels, over the area they share: the two rasterizers anti-alias glyph edges each
    /// their own way, which the blocks average out; a swapped channel, a missing picture, a
    /// shifted or mirrored page do not average out.
    private func meanDifference(_ a: RGBImage, _ b: RGBImage) -> Double {
        let side = 4
        let columns = min(a.width, b.width) / side
        let rows = min(a.height, b.height) / side
        var total = 0
        for row in 0..<rows {
            for column in 0..<columns {
                var sums = [0, 0, 0, 0, 0, 0]
                for y in (row * side)..<((row + 1) * side) {
                    for x in (column * side)..<((column + 1) * side) {
                        let p = a[x, y], q = b[x, y]
                        sums[0] += Int(p.red); sums[1] += Int(p.green); sums[2] += Int(p.blue)
                        sums[3] += Int(q.red); sums[4] += Int(q.green); sums[5] += Int(q.blue)
                    }
                }
                total += abs(sums[0] - sums[3]) + abs(sums[1] - sums[4]) + abs(sums[2] - sums[5])
            }
        }
        return Double(total) / Double(columns * rows * 3 * side * side)
    }

    /// How many pixels are darker than mid-grey.
    private func darkPixels(_ image: RGBImage) -> Int {
        stride(from: 0, to: image.pixels.count, by: 3).count { Int(image.pixels[$0]) + Int(image.pixels[$0 + 1]) + Int(image.pixels[$0 + 2]) < 384 }
    }

    @Test("Splash draws what cairo draws, at the size of the page times the scale",
          arguments: ["pdflatex-4-pages.pdf", "font-variations_issue19971.pdf"])
    func matchesCairo(file: String) throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path(file), password: nil)
        let page = try document.pageSize(1)
        let splash = try document.textDocumentOpener()().renderRGB(pageNumber: 1, scale: 1)
        let cairo = try ImageDecoder.decode(try document.pngData(pageNumber: 1, scale: 1, limit: 1 << 26))
        // Splash rounds each side to the nearest pixel, cairo's surface is rounded up.
        #expect(abs(splash.width - Int((page.width).rounded(.up))) <= 1)
        #expect(abs(splash.height - Int((page.height).rounded(.up))) <= 1)
        #expect(darkPixels(splash) > 1000, "the page's text is drawn")
        #expect(meanDifference(splash, cairo) < 6, "\(meanDifference(splash, cairo))")
        // What the measure makes of a page against a blank one, and against itself upside down.
        let blank = RGBImage(width: splash.width, height: splash.height, filledWith: (255, 255, 255))
        let rowBytes = splash.width * 3
        var upsideDown: [UInt8] = []
        for row in (0..<splash.height).reversed() { upsideDown += splash.pixels[(row * rowBytes)..<((row + 1) * rowBytes)] }
        let flipped = try #require(RGBImage(width: splash.width, height: splash.height, pixels: upsideDown))
        #expect(meanDifference(splash, blank) > 6, "\(meanDifference(splash, blank))")
        #expect(meanDifference(flipped, cairo) > 6, "\(meanDifference(flipped, cairo))")
    }

    @Test("a rotated page is drawn turned, as cairo draws it")
    func rotated() throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path("broken/zen_of_python_corrupted.pdf"), password: nil)
        let splash = try document.textDocumentOpener()().renderRGB(pageNumber: 1, scale: 0.5)
        let cairo = try ImageDecoder.decode(try document.pngData(pageNumber: 1, scale: 0.5, limit: 1 << 26))
        #expect(splash.width > splash.height)
        #expect(meanDifference(splash, cairo) < 6, "\(meanDifference(splash, cairo))")
    }

    @Test("absurd scales and missing pages are invalid arguments")
    func refusals() throws {
        let document = try PopplerDocument.open(path: PDFCorpus.path("pdflatex-4-pages.pdf"), password: nil)
        let text = try document.textDocumentOpener()()
        for scale in [0, -1, .nan, .infinity, 1000] {
            #expect(readerError { _ = try text.renderRGB(pageNumber: 1, scale: scale) }?.kind == .invalidArgument, "scale \(scale)")
        }
        for page in [0, 9] {
            #expect(readerError { _ = try text.renderRGB(pageNumber: page, scale: 1) }?.kind == .invalidArgument, "page \(page)")
        }
    }
}

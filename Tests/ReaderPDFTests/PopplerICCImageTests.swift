import Foundation
import ReaderCore
import ReaderImaging
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// Images in an ICC colour space, as the cover's Splash device draws them (it converts their
/// colours through lcms2's optimized transforms: CPopplerText's RPTSplashOutputDev), held byte for
/// byte against `pdftoppm` (poppler-utils), poppler's own Splash drawing with its own, unoptimized
/// transforms.
@Suite("Poppler: ICC-tagged images")
struct PopplerICCImageTests {
    /// A 200 × 200 pt page filled by one 2 × 2 image of `pixels` (8 bits per component, rows top
    /// first) in an ICCBased colour space of `profile`.
    private static func page(pixels: [UInt8], components: Int, profile: [UInt8]) -> [UInt8] {
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() + ">" }
        let content = "q 200 0 0 200 0 0 cm /Im1 Do Q"
        let alternate = components == 1 ? "/DeviceGray" : "/DeviceRGB"
        return PDFFixture.build([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            """
            << /Type /XObject /Subtype /Image /Width 2 /Height 2 /BitsPerComponent 8 /ColorSpace [/ICCBased 6 0 R] \
            /Filter /ASCIIHexDecode /Length \(hex(pixels).utf8.count) >>\nstream\n\(hex(pixels))\nendstream
            """,
            """
            << /N \(components) /Alternate \(alternate) /Filter /ASCIIHexDecode /Length \(hex(profile).utf8.count) >>\
            \nstream\n\(hex(profile))\nendstream
            """,
        ])
    }

    /// The centres of the image's four pixels on the page drawn at 72 dpi: top left, top right,
    /// bottom left, bottom right.
    private static let centres = [(50, 50), (150, 50), (50, 150), (150, 150)]

    /// Page `page` of the PDF at `path` drawn at 72 dpi by the cover's Splash device and by `pdftoppm`.
    private func drawn(_ path: String, page: Int = 1) throws -> (splash: RGBImage, pdftoppm: RGBImage) {
        let document = try PopplerDocument.open(path: path, password: nil)
        let splash = try document.textDocumentOpener()().renderRGB(pageNumber: page, scale: 1)
        let reference = try withTemporaryDirectory(prefix: "reader-pdf-icc") { directory -> RGBImage in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["pdftoppm", "-r", "72", "-cropbox", "-singlefile", "-f", "\(page)", "-l", "\(page)", path,
                                 directory.appendingPathComponent("page").path]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "pdftoppm (poppler-utils) failed")
            let ppm = [UInt8](try Data(contentsOf: directory.appendingPathComponent("page.ppm")))
            return try #require(Self.decodePPM(ppm))
        }
        return (splash, reference)
    }

    /// A binary PPM (P6, 8 bits per channel) as pdftoppm writes it.
    private static func decodePPM(_ bytes: [UInt8]) -> RGBImage? {
        var fields: [Int] = []
        var index = 2
        guard bytes.starts(with: Array("P6".utf8)) else { return nil }
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { value = value * 10 + Int(bytes[index] - 0x30); index += 1 }
            fields.append(value)
        }
        guard fields.count == 3, fields[2] == 255, index < bytes.count else { return nil }
        return RGBImage(width: fields[0], height: fields[1], pixels: Array(bytes[(index + 1)...]))
    }

    /// The colours at the four centres.
    private func colours(_ image: RGBImage) -> [[Int]] {
        Self.centres.map { let p = image[$0.0, $0.1]; return [Int(p.red), Int(p.green), Int(p.blue)] }
    }

    /// How many bytes of two pictures' pixels differ; nil when their sizes differ.
    private func differingBytes(_ a: RGBImage, _ b: RGBImage) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        return zip(a.pixels, b.pixels).count { $0 != $1 }
    }

    /// The largest difference of one channel between two lists of colours.
    private func largestDifference(_ a: [[Int]], _ b: [[Int]]) -> Int {
        zip(a.joined(), b.joined()).map { abs($0 - $1) }.max() ?? .max
    }

    @Test("an Adobe RGB picture's colours come out as poppler's own conversion to sRGB gives them")
    func adobeRGB() throws {
        let source = [[200, 40, 40], [40, 200, 40], [40, 40, 200], [128, 128, 128]]
        let pdf = Self.page(pixels: source.joined().map { UInt8($0) }, components: 3, profile: ICCProfileFixture.adobeRGB)
        try withTemporaryDirectory(prefix: "reader-pdf-icc") { directory in
            let (splash, pdftoppm) = try drawn(try PDFFixture.write(pdf, named: "adobe-rgb.pdf", in: directory))
            #expect(differingBytes(splash, pdftoppm) == 0, "Splash \(colours(splash)), pdftoppm \(colours(pdftoppm))")
            // The profile is applied: Adobe RGB's red and green are more saturated than sRGB's.
            let drawn = colours(splash)
            #expect(drawn[0][0] >= 220 && drawn[0][1] < 40, "\(drawn[0])")
            #expect(drawn[1][1] >= 200 && drawn[1][0] < 20, "\(drawn[1])")
            #expect(largestDifference(drawn, source) > 20)
        }
    }

    @Test("a linear grey profile's values come out sRGB-encoded")
    func linearGray() throws {
        let source = [30, 90, 160, 220]
        let pdf = Self.page(pixels: source.map { UInt8($0) }, components: 1, profile: ICCProfileFixture.gray(gamma: 1))
        try withTemporaryDirectory(prefix: "reader-pdf-icc") { directory in
            let (splash, pdftoppm) = try drawn(try PDFFixture.write(pdf, named: "linear-gray.pdf", in: directory))
            #expect(differingBytes(splash, pdftoppm) == 0, "Splash \(colours(splash)), pdftoppm \(colours(pdftoppm))")
            // sRGB's encoding of each linear value, computed here.
            let encoded = source.map { value -> Int in
                Int((255 * (1.055 * pow(Double(value) / 255, 1 / 2.4) - 0.055)).rounded())
            }
            #expect(largestDifference(colours(splash), encoded.map { [$0, $0, $0] }) <= 1, "Splash \(colours(splash)), sRGB \(encoded)")
        }
    }

    /// font-variations' page 1 holds a 2500 × 1364 ICC-tagged JPEG photograph; tracemonkey's
    /// page 13 draws soft-masked ICC-tagged pictures whose colour space poppler parses again at
    /// each drawing.
    @Test("corpus pages with ICC-tagged photographs and pictures draw byte for byte as pdftoppm draws them",
          .enabled(if: TestLocation.corpusAvailable), arguments: [("font-variations_issue19971.pdf", 1), ("tracemonkey.pdf", 13)])
    func corpusPages(file: String, page: Int) throws {
        let (splash, pdftoppm) = try drawn(PDFCorpus.path(file), page: page)
        #expect(splash.width == 612 && splash.height == 792)
        #expect(differingBytes(splash, pdftoppm) == 0)
    }
}

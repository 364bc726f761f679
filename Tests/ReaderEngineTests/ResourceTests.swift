import Foundation
import ReaderCore
import ReaderImaging
import ReaderEngine
import ReaderTestSupport
import Testing

/// `ResourceProviding` in every backend that has resources: MOBI and AZW3 image records, Markdown
/// images beside the file, PDF pages rendered, and none for TXT.
@Suite("Resources")
struct ResourceTests {
    let engine = ReaderEngine.standard

    private func provider(_ book: String) throws -> any Document & ResourceProviding {
        let document = try engine.open(path: TestPaths.testBooks + "/" + book)
        return try #require(document as? any Document & ResourceProviding)
    }

    @Test("MOBI and AZW3 list their image records, and the cover is one of them",
          arguments: ["mobi/lighthouse-keeper.mobi", "mobi/lighthouse-keeper.azw3", "mobi/moon-garden-both.mobi",
                      "mobi/moon-garden.azw3"])
    func mobiImages(book: String) throws {
        let document = try provider(book)
        let resources = try document.resources()
        #expect(!resources.isEmpty)
        #expect(resources.allSatisfy { $0.mediaType.hasPrefix("image/") && ($0.byteCount ?? 0) > 0 })
        let kf8 = book.hasSuffix(".azw3") || book.contains("both")
        #expect(resources.allSatisfy { $0.href.hasPrefix(kf8 ? "kindle:embed:" : "recindex:") }, "\(resources.map(\.href))")
        let cover = try #require(try (document as? any CoverProviding)?.coverImage())
        let matching = try resources.filter { try document.resourceData(href: $0.href) == cover.data }
        #expect(matching.count == 1, "the cover is one listed image")
        let first = try #require(resources.first)
        #expect(try document.resourceData(href: first.href).count == first.byteCount)
    }

    @Test("MOBI image blocks name listed resources, in either spelling")
    func mobiImageBlocks() throws {
        let document = try provider("mobi/lighthouse-keeper.mobi")
        let hrefs = Set(try document.resources().map(\.href))
        var sources: [String] = []
        for index in document.readingOrder.indices {
            for block in try document.content(ofSection: index).blocks {
                if case .image(let source?) = block.kind { sources.append(source) }
            }
        }
        #expect(!sources.isEmpty)
        #expect(sources.allSatisfy(hrefs.contains), "\(sources) not all in \(hrefs)")
        let number = try #require(sources.first.flatMap { Int($0.dropFirst("recindex:".count)) })
        let padded = "recindex:" + String(repeating: "0", count: 5 - String(number).count) + String(number)
        let embed = "kindle:embed:" + String(repeating: "0", count: 3) + String(number, radix: 32).uppercased()
        #expect(try document.resourceData(href: padded) == document.resourceData(href: sources[0]))
        #expect(try document.resourceData(href: embed) == document.resourceData(href: sources[0]))
    }

    @Test("an href that names no image record is refused", arguments: ["recindex:0", "recindex:99999", "kindle:embed:ZZZZ",
                                                                        "cover.jpg", ""])
    func mobiUnknown(href: String) throws {
        let document = try provider("mobi/lighthouse-keeper.azw3")
        let error = readerError { _ = try document.resourceData(href: href) }
        #expect(error?.kind == .invalidArgument)
        #expect(error?.reason.contains("no resource") == true)
    }

    @Test("PDF pages are PNG resources, rendered when read; the cover is page 1")
    func pdfPages() throws {
        let document = try provider("pdf/harbour-lights.pdf")
        let resources = try document.resources()
        #expect(resources.count == document.readingOrder.count)
        #expect(resources.first == DocumentResource(href: "page/1.png", mediaType: "image/png", byteCount: nil))
        let png = try document.resourceData(href: "page/2.png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(document.capabilities.contains(.cover))
        // The cover is page 1 drawn at the same 144 dpi, as JPEG.
        let cover = try #require(try (document as? any CoverProviding)?.coverImage())
        #expect(cover.mediaType == "image/jpeg")
        #expect(cover.source == "page 1, rendered")
        let page = try ImageDecoder.decode(try document.resourceData(href: "page/1.png"))
        let picture = try ImageDecoder.decode(cover.data)
        #expect(cover.data.starts(with: [0xFF, 0xD8, 0xFF]))
        #expect(abs(picture.width - page.width) <= 1 && abs(picture.height - page.height) <= 1)
        var difference = 0
        for index in stride(from: 0, to: min(picture.pixels.count, page.pixels.count), by: 7) {
            difference += abs(Int(picture.pixels[index]) - Int(page.pixels[index]))
        }
        #expect(Double(difference) / Double(min(picture.pixels.count, page.pixels.count) / 7) < 8, "the same page")
        #expect(try (document as? any CoverProviding)?.coverImage()?.data == cover.data, "the same bytes every time")
        for href in ["page/0.png", "page/\(resources.count + 1).png", "page/1.jpg", "1.png"] {
            #expect(readerError { _ = try document.resourceData(href: href) }?.kind == .invalidArgument, "\(href)")
        }
    }

    @Test("TXT holds no resources")
    func txtNone() throws {
        let document = try engine.open(path: TestPaths.testBooks + "/txt/lighthouse-keeper.txt")
        #expect(document as? any ResourceProviding == nil)
    }
}

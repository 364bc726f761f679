import Testing
import ReaderCore
import ReaderTestSupport
@testable import ReaderEPUB

/// The EPUB 2 and fixed-layout TestBooks, and the broken variants of the EPUB 3 one.
@Suite struct EPUBVariantsTests {
    @Test func epub2ReadsNCXEntitiesAndMetaCover() throws {
        let book = try EPUBTestBooks.open("moon-garden.epub")
        #expect(book.publication.navigationFromNCX)
        #expect(book.metadata.series?.name.isEmpty == false)
        let toc = try book.tableOfContents()
        #expect(toc.count == 7)
        #expect(toc.contains { $0.children.map(\.locator.locations.fragments) == [["seeds"], ["rules"]] })
        #expect(book.readingOrder.contains { $0.href == "OEBPS/moon&flower.xhtml" })
        #expect(book.readingOrder.contains { $0.href == "OEBPS/花店.xhtml" })
        let text = try EPUBTestBooks.fullText(book)
        #expect(text.contains("\u{00A0}") && text.contains("—"), "&nbsp; and &mdash; without the DTD")
        #expect(try book.coverImage()?.mediaType == "image/png")
    }

    @Test func fixedLayoutIsReportedAndStillGivesText() throws {
        let book = try EPUBTestBooks.open("winter-road-fixed.epub")
        #expect(book.capabilities.contains(.fixedPages))
        #expect(book.sections.allSatisfy { $0.isFixedLayout })
        #expect(book.positions.counts.allSatisfy { $0 == 1 }, "one Readium position per fixed-layout page")
        #expect(try EPUBTestBooks.fullText(book).contains("ЗИМНЯЯ ДОРОГА"))
    }

    /// Each broken variant: what opening it must give.
    static let variants: [(file: String, outcome: Outcome)] = [
        ("wrong-mimetype.epub", .opensWarning("not application/epub+zip")),
        ("mimetype-missing.epub", .opensWarning("no mimetype")),
        ("mimetype-compressed-not-first.epub", .opensWarning("not the first entry")),
        ("no-container-xml.epub", .opensWarning("container.xml is missing")),
        ("container-points-to-missing-opf.epub", .opensWarning("which is missing; read the only package document")),
        ("opf-not-well-formed.epub", .opensWarning("recovered with libxml2's recovery mode")),
        ("spine-points-to-missing-file.epub", .opensWarning("not in the container")),
        ("chapter-not-well-formed.epub", .opensContentWarning("read as HTML")),
        ("path-traversal.epub", .opensWarning("'..' segment")),
        ("duplicate-entry.epub", .opensWarning("the first is used")),
        ("drm-encrypted.epub", .fails(.encrypted, "DRM-protected")),
        ("font-obfuscation-only.epub", .opens),
        ("billion-laughs.epub", .opensContentWarning("entity reference loop")),
        ("external-entity.epub", .opens),
        ("deep-nesting.epub", .opensContentWarning("nested 256 deep")),
        ("zip-bomb.epub", .failsContent(.malformed, "limit")),
        ("truncated.epub", .opensWarning("entries were read from their local headers")),
    ]

    enum Outcome: Sendable {
        case opens
        case opensWarning(String)
        case opensContentWarning(String)
        case fails(ReaderError.Kind, String)
        case failsContent(ReaderError.Kind, String)
    }

    @Test(arguments: variants.map(\.file))
    func brokenVariantsOpenWithAWarningOrFailCleanly(file: String) throws {
        let outcome = Self.variants.first { $0.file == file }!.outcome
        let path = "malformed/" + file
        switch outcome {
        case .fails(let kind, let reason):
            let error = readerError { _ = try EPUBTestBooks.open(path) }
            #expect(error?.kind == kind, "\(file): \(String(describing: error))")
            #expect(error?.reason.contains(reason) == true, "\(file): \(String(describing: error))")
            #expect(error?.file == EPUBTestBooks.path(path))
        case .opens, .opensWarning, .opensContentWarning, .failsContent:
            let book = try EPUBTestBooks.open(path)
            if case .opensWarning(let text) = outcome {
                #expect(book.metadata.warnings.contains { $0.contains(text) }, "\(file): \(book.metadata.warnings)")
            }
            var contentWarnings: [String] = []
            var contentError: ReaderError?
            for index in book.readingOrder.indices {
                do {
                    contentWarnings += try book.htmlBook.section(index).warnings.map(\.message)
                } catch {
                    contentError = error
                }
            }
            switch outcome {
            case .failsContent(let kind, let reason):
                #expect(contentError?.kind == kind && contentError?.reason.contains(reason) == true, "\(String(describing: contentError))")
            case .opensContentWarning(let text):
                #expect(contentError == nil)
                #expect(contentWarnings.contains { $0.contains(text) }, "\(file): \(contentWarnings)")
            default:
                #expect(contentError == nil, "\(file): \(String(describing: contentError))")
            }
            guard contentError == nil else { return }
            let text = try EPUBTestBooks.fullText(book)
            #expect(!text.isEmpty)
            #expect(!text.contains("root:x:0:0"), "an external entity is never loaded")
            if file == "external-entity.epub" {
                // The chapter that declares the entity is read whole, the reference left unexpanded.
                let good = try EPUBTestBooks.open("lighthouse-keeper.epub")
                let href = "OEBPS/text/chapter-1.xhtml"
                let variantChapter = try #require(book.readingOrder.first { $0.href == href })
                let goodChapter = try #require(good.readingOrder.first { $0.href == href })
                let texts = try EPUBTestBooks.texts(book, section: variantChapter.index)
                let expected = try EPUBTestBooks.texts(good, section: goodChapter.index)
                #expect(expected.count > 5)
                #expect(expected.allSatisfy { texts.contains($0) }, "\(texts.prefix(3))")
            }
        }
    }
}

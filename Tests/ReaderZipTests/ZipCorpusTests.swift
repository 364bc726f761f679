import Foundation
@testable import ReaderZip
import ReaderCore
import ReaderTestSupport
import Testing

@Suite("Zip archive: corpus books", .enabled(if: TestLocation.corpusAvailable))
struct ZipCorpusTests {
    private static let folder = TestLocation.corpus.appendingPathComponent("epub")

    /// The well-formed EPUBs of the corpus (none when it is absent).
    static let books: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".epub") }.sorted()

    private func path(_ name: String) -> String { Self.folder.appendingPathComponent(name).path }

    @Test("every corpus book opens, lists its entries, and reads each one", arguments: books)
    func readsEverything(book: String) throws {
        let archive = try ZipArchive(path: path(book))
        #expect(archive.warnings.isEmpty)
        #expect(archive.entries.count > 2)
        #expect(archive.entries.first?.name == "mimetype")
        #expect(archive.entries.first?.compression == .stored)
        #expect(try archive.read("mimetype") == Array("application/epub+zip".utf8))
        #expect(archive.entry(named: "META-INF/container.xml") != nil)
        var total = 0
        for entry in archive.entries where !entry.isDirectory {
            let bytes = try archive.read(entry.name)
            #expect(bytes.count == entry.size, "\(entry.name)")
            total += bytes.count
        }
        #expect(archive.inflatedByteCount == total + "application/epub+zip".utf8.count)
    }

    @Test("the corpus list is not empty")
    func corpusPresent() {
        #expect(Self.books.count >= 10)
    }

    @Test("Moby-Dick: 154 entries in archive order, chapters deflated")
    func mobyDick() throws {
        let archive = try ZipArchive(path: path("moby-dick_epub3.epub"))
        #expect(archive.entries.count == 154)
        #expect(archive.entries.enumerated().allSatisfy { $0.offset == $0.element.index })
        let chapters = archive.entries.filter { $0.name.hasSuffix(".xhtml") }
        #expect(chapters.count > 140)
        #expect(chapters.allSatisfy { $0.compression == .deflate && !$0.isEncrypted })
    }

    @Test("the truncated Alice fails to open with a malformed error that says so")
    func truncatedAlice() throws {
        let file = path("malformed/pg11_alice_truncated.epub")
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try ZipArchive(path: file) })
        #expect(error.kind == .malformed)
        #expect(error.reason.contains("truncated"))
        let readerError = error.readerError(file: file, format: .epub)
        #expect(readerError.kind == .malformed)
        #expect(readerError.format == .epub)
    }

    @Test("a wrong mimetype and a missing container.xml are the EPUB layer's business: the zip opens")
    func malformedButZip() throws {
        let wrong = try ZipArchive(path: path("malformed/hefty-water_wrong-mimetype.epub"))
        #expect(try wrong.read("mimetype") == Array("application/zip".utf8))
        let noContainer = try ZipArchive(path: path("malformed/trees_no-container-xml.epub"))
        #expect(noContainer.entry(named: "META-INF/container.xml") == nil)
        let error = try #require(ZipFixture.failure { () throws(ZipError) in try noContainer.read("META-INF/container.xml") })
        #expect(error.kind == .entryMissing)
        #expect(error.reason == "the archive has no entry named 'META-INF/container.xml'")
    }
}

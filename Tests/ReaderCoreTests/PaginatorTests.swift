import Foundation
import ReaderCore
import Testing

@Suite struct PaginatorTests {
    private func paginator(_ sections: [[Block]], rows: Int = 5) throws -> Paginator {
        Paginator(document: StubDocument(sections: sections), viewport: try Viewport(columns: 20, rows: rows))
    }

    @Test func splitsALongBlockAtALineStart() throws {
        let pages = try paginator([[StubDocument.block(0, lines: 12, spacing: 0)]])
        #expect(try pages.pageCount() == 3)
        let second = try pages.page(2)
        #expect(second.lines == ["b0l5", "b0l6", "b0l7", "b0l8", "b0l9"])
        #expect(second.start == TextPosition(section: 0, block: 0, offset: "b0l0\nb0l1\nb0l2\nb0l3\nb0l4\n".utf16.count))
        #expect(try pages.page(3).end == nil)
    }

    @Test("pages turned within a section ask the document for its blocks once")
    func pageTurnsReuseTheirSection() throws {
        let document = StubDocument(sections: [(0..<12).map { StubDocument.block($0, lines: 3) }, [StubDocument.block(12, lines: 2)]])
        let pages = Paginator(document: document, viewport: try Viewport(columns: 20, rows: 5))
        _ = try pages.page(1)
        let loads = document.contentLoads
        for number in 2...5 { #expect(try pages.page(number).start.section == 0) }
        #expect(document.contentLoads == loads)
    }

    @Test("a paginator learns the page starts another one found for the same document, never fewer")
    func learnsFromAnotherPaginator() throws {
        let document = StubDocument(sections: [(0..<12).map { StubDocument.block($0, lines: 3) }])
        let viewport = try Viewport(columns: 20, rows: 5)
        let ahead = Paginator(document: document, viewport: viewport), behind = Paginator(document: document, viewport: viewport)
        _ = try ahead.page(6)
        _ = try behind.page(2)
        behind.learn(from: ahead)
        #expect(behind.index.starts == ahead.index.starts)
        let fresh = Paginator(document: document, viewport: viewport), loads = document.contentLoads
        fresh.learn(from: ahead)
        #expect(try fresh.page(7).start == ahead.index.starts[6])
        #expect(document.contentLoads == loads, "the blocks of the section last laid out came along")
        ahead.learn(from: Paginator(document: document, viewport: viewport))
        #expect(ahead.index.starts.count == 7)
        let other = Paginator(document: StubDocument(sections: document.sections), viewport: viewport)
        other.learn(from: ahead)
        #expect(other.index.starts.count == 1, "another document's pages are not taken")
        #expect(try behind.pageCount() == ahead.pageCount())
    }

    @Test func dropsBlankLinesAtThePageTop() throws {
        // 3 + blank + 1 fill page 1 (5 rows); the blank before block 2 would open page 2.
        let pages = try paginator([[StubDocument.block(0, lines: 3, spacing: 0), StubDocument.block(1, lines: 1),
                                    StubDocument.block(2, lines: 2)]])
        #expect(try pages.page(1).lines == ["b0l0", "b0l1", "b0l2", "", "b1l0"])
        #expect(try pages.page(2).lines == ["b2l0", "b2l1"])
    }

    @Test func keepsAHeadingWithTheLineAfterIt() throws {
        // The heading would land on row 5 with its paragraph on the next page: it moves too.
        let pages = try paginator([[StubDocument.block(0, lines: 3, spacing: 0),
                                    StubDocument.block(1, lines: 1, kind: .heading(level: 1)),
                                    StubDocument.block(2, lines: 3)]])
        #expect(try pages.page(1).lines == ["b0l0", "b0l1", "b0l2"])
        #expect(try pages.page(2).lines == ["b1l0", "", "b2l0", "b2l1", "b2l2"])
    }

    @Test func walksAcrossSectionsAndSkipsEmptyOnes() throws {
        let pages = try paginator([[StubDocument.block(0, lines: 2, spacing: 0)], [],
                                   [StubDocument.block(1, lines: 2)]], rows: 3)
        #expect(try pages.page(1).lines == ["b0l0", "b0l1"])
        #expect(try pages.page(2).lines == ["b1l0", "b1l1"])
        #expect(try pages.pageNumber(containing: TextPosition(section: 2, block: 0, offset: 6)) == 2)
        #expect(try pages.pageCount() == 2)
    }

    @Test func emptyDocumentHasOneEmptyPage() throws {
        let pages = try paginator([[]])
        #expect(try pages.pageCount() == 1)
        #expect(try pages.page(1).lines.isEmpty)
    }

    @Test func pagesOutsideTheDocumentAreErrors() throws {
        let pages = try paginator([[StubDocument.block(0, lines: 2, spacing: 0)]])
        #expect(throws: ReaderError.self) { try pages.page(0) }
        #expect(throws: ReaderError.self) { try pages.page(2) }
    }

    @Test func aCompleteCachedIndexAnswersWithoutLayout() throws {
        let sections = (0..<4).map { [StubDocument.block($0, lines: 7, spacing: 0)] }
        let first = try paginator(sections)
        let count = try first.pageCount()
        let document = StubDocument(sections: sections)
        let cached = Paginator(document: document, viewport: try Viewport(columns: 20, rows: 5), cachedIndex: first.index)
        #expect(try cached.pageCount() == count)
        #expect(document.contentLoads == 0)
        #expect(try cached.page(count).lines == (try first.page(count).lines))
    }

    @Test func anIndexForAnotherViewportIsIgnored() throws {
        let sections = [[StubDocument.block(0, lines: 9, spacing: 0)]]
        let wide = try paginator(sections, rows: 9)
        _ = try wide.pageCount()
        let narrow = Paginator(document: StubDocument(sections: sections), viewport: try Viewport(columns: 20, rows: 3),
                               cachedIndex: wide.index)
        #expect(try narrow.pageCount() == 3)
    }

    @Test func viewportRejectsNonsense() {
        #expect(throws: ReaderError.self) { try Viewport(columns: 0, rows: 24) }
        #expect(throws: ReaderError.self) { try Viewport(columns: 80, rows: 1) }
    }
}

@Suite struct PageIndexSerializationTests {
    @Test func roundTripsAndRejectsDamage() throws {
        var index = PageIndex(viewport: try Viewport(columns: 80, rows: 24))
        index.starts += [TextPosition(section: 0, block: 3, offset: 120), TextPosition(section: 2, block: 0, offset: 0)]
        index.isComplete = true
        let data = index.serialized()
        #expect(PageIndex(serialized: data) == index)
        #expect(PageIndex(serialized: data.dropLast()) == nil)
        var flipped = data
        flipped[0] ^= 0xFF
        #expect(PageIndex(serialized: flipped) == nil)
        var unordered = index
        unordered.starts.swapAt(1, 2)
        #expect(PageIndex(serialized: unordered.serialized()) == nil)
    }

    @Test func cacheStoresAndLoadsByFingerprintAndViewport() throws {
        let cache = PageIndexCache(directory: NSTemporaryDirectory() + "/reader-cache-test-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: cache.directory) }
        let fingerprint = DocumentFingerprint(format: .txt, sha256: String(repeating: "a", count: 64), byteCount: 9)
        let viewport = try Viewport(columns: 40, rows: 12)
        var index = PageIndex(viewport: viewport)
        index.starts.append(TextPosition(section: 0, block: 1, offset: 0))
        cache.store(index, fingerprint: fingerprint)
        #expect(cache.load(fingerprint: fingerprint, viewport: viewport) == index)
        #expect(cache.load(fingerprint: fingerprint, viewport: try Viewport(columns: 41, rows: 12)) == nil)
        #expect(cache.load(fingerprint: fingerprint, viewport: viewport, variant: "enc-gbk") == nil)
    }

    @Test("the cache keeps to its size cap, dropping the least recently used index first, and clears")
    func cacheKeepsToItsCapacity() throws {
        let directory = NSTemporaryDirectory() + "/reader-cache-cap-test-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let viewport = try Viewport(columns: 40, rows: 12)
        var index = PageIndex(viewport: viewport)
        index.starts += (1...200).map { TextPosition(section: 0, block: $0, offset: 0) }
        let size = index.serialized().count
        let cache = PageIndexCache(directory: directory, capacity: size * 3)
        let fingerprints = (0..<5).map {
            DocumentFingerprint(format: .txt, sha256: String(repeating: String($0), count: 64), byteCount: 9)
        }
        for (number, fingerprint) in fingerprints.enumerated() {
            cache.store(index, fingerprint: fingerprint)
            // File times have a second's resolution on some file systems: make the order plain.
            let path = try #require(cache.entries().first { $0.path.contains(fingerprint.sha256) }).path
            var times = [timeval(tv_sec: 1_000_000 + number * 10, tv_usec: 0), timeval(tv_sec: 1_000_000 + number * 10, tv_usec: 0)]
            utimes(path, &times)
            if number == 2 { #expect(cache.load(fingerprint: fingerprints[0], viewport: viewport) == index) }
        }
        let kept = Set(cache.entries().map { ($0.path as NSString).lastPathComponent.split(separator: "-")[1].prefix(1) })
        #expect(cache.entries().count == 3)
        #expect(kept == ["0", "3", "4"], "the first was used again before the fourth was stored: \(kept)")
        #expect(cache.entries().reduce(0) { $0 + $1.bytes } <= size * 3)
        #expect(cache.clear().files == 3)
        #expect(cache.entries().isEmpty)
    }
}

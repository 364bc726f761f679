import Foundation
import ReaderCore
import ReaderEngine
import Testing

/// The MOBI TestBooks (`TestBooks/make-mobis.sh`, calibre from our own EPUBs) against the facts
/// the script took from the EPUBs, and the hand-broken ones (`TestBooks/break-mobis.py`).
@Suite("MOBI TestBooks")
struct MOBITestBookTests {
    struct Chapter: Decodable {
        var title: String
        var depth: Int
        var first_words: String
        var children: [Chapter]
    }

    struct Expected: Decodable {
        var calibre_title: String
        var authors: [String]
        var language: String
        var chapters: [Chapter]
    }

    static let books = ["lighthouse-keeper.mobi", "lighthouse-keeper.azw3", "moon-garden-both.mobi", "moon-garden.azw3"]

    static func expected(for book: String) throws -> Expected {
        let stem = book.replacingOccurrences(of: ".mobi", with: "").replacingOccurrences(of: ".azw3", with: "")
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(TestPaths.testBooks)/mobi/\(stem).expected.json"))
        return try JSONDecoder().decode(Expected.self, from: data)
    }

    static func flattened(_ chapters: [Chapter]) -> [Chapter] {
        chapters.flatMap { [$0] + flattened($0.children) }
    }

    static func flattened(_ entries: [TOCEntry], depth: Int = 1) -> [(entry: TOCEntry, depth: Int)] {
        entries.flatMap { [($0, depth)] + flattened($0.children, depth: depth + 1) }
    }

    @Test("title, authors and language come from EXTH", arguments: books)
    func metadata(book: String) throws {
        let document = try ReaderEngine.standard.open(path: "\(TestPaths.testBooks)/mobi/\(book)")
        let expected = try Self.expected(for: book)
        #expect(document.metadata.title == expected.calibre_title)
        #expect(document.metadata.authors == expected.authors)
        #expect(document.metadata.language == expected.language)
        #expect(document.format == (book.hasSuffix(".azw3") ? .azw3 : .mobi))
    }

    /// The TOC has the EPUB's titles in order (KF8 keeps the nesting; calibre writes MOBI 6's NCX
    /// flat), and each entry's Locator lands on the chapter's first words.
    @Test("the TOC matches the EPUB's and each entry lands on its chapter's first words", arguments: books)
    func tableOfContents(book: String) throws {
        let document = try ReaderEngine.standard.open(path: "\(TestPaths.testBooks)/mobi/\(book)")
        let expected = Self.flattened(try Self.expected(for: book).chapters)
        let entries = Self.flattened(try document.tableOfContents())
        #expect(entries.map(\.entry.title) == expected.map(\.title))
        if document.details.contains(where: { $0.value.hasPrefix("KF8") }) {
            #expect(entries.map(\.depth) == expected.map(\.depth))
        }
        for (entry, chapter) in zip(entries, expected) {
            let position = try document.textPosition(for: entry.entry.locator)
            let blocks = try document.content(ofSection: position.section).blocks
            let following = blocks[position.block...].map(\.text).joined(separator: " ")
            let squeezed = following.filter { !$0.isWhitespace }
            #expect(squeezed.contains(chapter.first_words.filter { !$0.isWhitespace }), "\(book): \(chapter.title)")
            // The first words come within the chapter's first few blocks, not pages later.
            let near = blocks[position.block...].prefix(4).map(\.text).joined().filter { !$0.isWhitespace }
            #expect(near.contains(chapter.first_words.filter { !$0.isWhitespace }.prefix(6)), "\(book): \(chapter.title)")
        }
    }

    static let malformed = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.testBooks + "/mobi/malformed"))?
        .filter { $0.hasSuffix(".mobi") }.sorted() ?? []

    /// Each broken book is refused with the error its sidecar names, or opens and reads as the
    /// sidecar says; never a crash.
    @Test(arguments: malformed)
    func brokenBook(file: String) throws {
        let path = "\(TestPaths.testBooks)/mobi/malformed/\(file)"
        let sidecar = path.replacingOccurrences(of: ".mobi", with: ".expected.json")
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: sidecar)))
            as? [String: Any])
        if expected["opens"] as? Bool == true {
            let document = try ReaderEngine.standard.open(path: path)
            _ = try Paginator(document: document, viewport: .standard).pageCount()
            if let warning = expected["warning_contains"] as? String {
                #expect(document.metadata.warnings.contains { $0.contains(warning) }, "\(document.metadata.warnings)")
            }
            if let title = expected["title"] as? String { #expect(document.metadata.title == title) }
            return
        }
        let error = #expect(throws: ReaderError.self) {
            let document = try ReaderEngine.standard.open(path: path)
            _ = try Paginator(document: document, viewport: .standard).pageCount()
        }
        #expect(error?.kind.rawValue == expected["error_kind"] as? String)
        #expect(error?.reason.contains(expected["reason_contains"] as? String ?? "?") == true, "\(error?.reason ?? "")")
        #expect(error?.file == path)
        #expect(error?.format == .mobi)
    }
}

extension MOBITestBookTests {
    /// A combined file whose KF8 indices are broken (every `INDX` magic after the `BOUNDARY`
    /// record overwritten) is read from its MOBI 6 part, with a warning saying so.
    @Test("a combined file with a broken KF8 part falls back to its MOBI 6 part")
    func brokenKF8FallsBack() throws {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "\(TestPaths.testBooks)/mobi/moon-garden-both.mobi")))
        let boundary = try #require(Self.offsets(of: "BOUNDARY", in: bytes).first)
        let indices = Self.offsets(of: "INDX", in: bytes).filter { $0 > boundary }
        #expect(!indices.isEmpty)
        for offset in indices { bytes.replaceSubrange(offset..<(offset + 4), with: Array("XXXX".utf8)) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kf8-broken-\(UUID().uuidString).mobi").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }

        let document = try ReaderEngine.standard.open(path: path)
        #expect(document.metadata.warnings.contains { $0.contains("the KF8 part is broken") }, "\(document.metadata.warnings)")
        #expect(document.details.contains { $0.name == "text" && $0.value == "MOBI 6" })
        let expected = Self.flattened(try Self.expected(for: "moon-garden-both.mobi").chapters)
        #expect(Self.flattened(try document.tableOfContents()).map(\.entry.title) == expected.map(\.title))
    }

    private static func offsets(of word: String, in bytes: [UInt8]) -> [Int] {
        let pattern = Array(word.utf8)
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}

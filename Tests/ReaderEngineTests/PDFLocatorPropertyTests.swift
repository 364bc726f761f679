import Foundation
import ReaderCore
import ReaderEngine
@testable import ReaderPDF
import ReaderTestSupport
import Testing

/// A PDF the Locator properties are checked on.
struct LocatorPDF: CustomStringConvertible, Hashable, Sendable {
    /// A short name for messages (`harbour-lights.pdf`, `corpus/tracemonkey.pdf`).
    var name: String
    /// The absolute path.
    var path: String
    /// The user password, for an encrypted file.
    var password: String?

    var description: String { name }

    /// The file name, as a Locator's `href`.
    var href: String { (path as NSString).lastPathComponent }

    /// Opens the file through the engine.
    func open() throws -> PDFDocument {
        let document = try ReaderEngine.standard.open(path: path, options: OpenOptions(password: password))
        return try #require(document as? PDFDocument)
    }

    /// A seed that depends only on the name (FNV-1a), so every run draws the same cases.
    var seed: UInt64 {
        name.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }

    /// The project's own PDFs (TestBooks/pdf) and, when the shared corpus is present, three of its.
    static let all: [LocatorPDF] = {
        let own = [("harbour-lights.pdf", nil), ("two-columns.pdf", nil), ("scanned-page.pdf", nil),
                   ("locked.pdf", "reader-user")].map { (name: String, password: String?) in
            LocatorPDF(name: name, path: TestPaths.testBooks + "/pdf/" + name, password: password)
        }
        guard TestPaths.corpusAvailable else { return own }
        let corpus = ["tracemonkey.pdf", "pdflatex-4-pages.pdf", "federal-register_ml-lines.pdf"].map {
            LocatorPDF(name: "corpus/" + $0, path: TestPaths.corpus + "/pdf/" + $0, password: nil)
        }
        return own + corpus
    }()
}

/// One PDF on one viewport.
struct LocatorViewportCase: CustomStringConvertible, Hashable, Sendable {
    var book: LocatorPDF
    var columns: Int
    var rows: Int

    var description: String { "\(book.name) \(columns)x\(rows)" }

    /// Six viewports per book (columns 20…120, rows 5…60), drawn from the book's seed.
    static let all: [LocatorViewportCase] = LocatorPDF.all.flatMap { book in
        var random = SeededRandom(seed: book.seed)
        return (0..<6).map { _ in
            LocatorViewportCase(book: book, columns: Int.random(in: 20...120, using: &random),
                                rows: Int.random(in: 5...60, using: &random))
        }
    }
}

/// Properties of PDF Locators (`page`, `offset` in the page's poppler text, progressions,
/// `position` = page, a `page=N` fragment, text context) on the project's PDFs and a few corpus
/// PDFs: they lead back to the same place whatever the viewport, their fields agree with the page
/// text, Locators written by others resolve, and the reflow behind them does not depend on the
/// order sections are read in.
@Suite struct PDFLocatorPropertyTests {
    // MARK: - Helpers

    /// The text of `text` from UTF-16 offset `offset` on.
    static func suffix(of text: String, fromUTF16 offset: Int) -> String {
        let units = Array(text.utf16)
        return String(decoding: units[min(max(0, offset), units.count)...], as: UTF16.self)
    }

    /// The first whitespace-delimited word of `text` after leading white space.
    static func firstWord(of text: String) -> String {
        String(text.drop { $0.isWhitespace }.prefix { !$0.isWhitespace })
    }

    /// `text` without white space, hyphens (ASCII, soft, U+2010) and replacement characters: what
    /// is left when lines are joined with or without a space and cut words are mended.
    static func squeezed(_ text: some StringProtocol) -> String {
        String(text.unicodeScalars.filter {
            !$0.properties.isWhitespace && $0 != "-" && $0 != "\u{00AD}" && $0 != "\u{2010}" && $0 != "\u{FFFD}"
        }.map(Character.init))
    }

    /// Every place a block's text maps to page text: each run's start (a zero-length run is the
    /// point an image block sits at), as (position, page, offset) in reading order.
    static func mappedPlaces(_ document: PDFDocument) throws -> [(position: TextPosition, place: PDFSourceOffset)] {
        var places: [(TextPosition, PDFSourceOffset)] = []
        for section in document.readingOrder.indices {
            for (index, block) in try document.content(ofSection: section).blocks.enumerated() {
                for run in block.sourceMap.runs {
                    places.append((TextPosition(section: section, block: index, offset: run.textStart),
                                   PDFSourceOffset(packed: run.sourceStart)))
                }
            }
        }
        return places
    }

    /// The first place of page `page`'s text in the reflowed view (nil when no block maps any of it).
    static func firstText(ofPage page: Int, in places: [(position: TextPosition, place: PDFSourceOffset)]) -> TextPosition? {
        places.filter { $0.place.page == page }.min { $0.place < $1.place }?.position
    }

    /// `count` seeded random positions in blocks that hold page text (not the placeholder of a
    /// page that is only an image), anywhere in their text, ends included.
    static func randomPositions(_ document: PDFDocument, count: Int, seed: UInt64) throws -> [TextPosition] {
        var candidates: [(section: Int, block: Int, length: Int)] = []
        for section in document.readingOrder.indices {
            for (index, block) in try document.content(ofSection: section).blocks.enumerated() {
                if case .image = block.kind { continue }
                candidates.append((section, index, block.text.utf16.count))
            }
        }
        guard !candidates.isEmpty else { return [] }
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            let chosen = candidates.randomElement(using: &random)!
            return TextPosition(section: chosen.section, block: chosen.block,
                                offset: Int.random(in: 0...chosen.length, using: &random))
        }
    }

    /// Around every line break of a block that goes on to another page: the last character of the
    /// line before, the offset after it (the joining space, or the mended word's next part) and the
    /// first character of the next line.
    static func pageCrossings(_ document: PDFDocument) throws -> [TextPosition] {
        var positions: [TextPosition] = []
        for section in document.readingOrder.indices {
            for (index, block) in try document.content(ofSection: section).blocks.enumerated() {
                for (before, after) in zip(block.sourceMap.runs, block.sourceMap.runs.dropFirst())
                where before.length > 0 && after.length > 0
                    && PDFSourceOffset(packed: before.sourceStart).page != PDFSourceOffset(packed: after.sourceStart).page {
                    positions += [before.textEnd - 1, before.textEnd, after.textStart].map {
                        TextPosition(section: section, block: index, offset: $0)
                    }
                }
            }
        }
        return positions
    }

    /// Whether a position is on a character its block copied from the page text.
    static func isAtPageCharacter(_ position: TextPosition, in document: PDFDocument) throws -> Bool {
        let blocks = try document.content(ofSection: position.section).blocks
        guard blocks.indices.contains(position.block) else { return false }
        return blocks[position.block].sourceMap.runs.contains {
            $0.length > 0 && $0.textStart <= position.offset && position.offset < $0.textEnd
        }
    }

    /// The block text at a position, from its offset on.
    static func text(at position: TextPosition, in document: PDFDocument) throws -> String? {
        let blocks = try document.content(ofSection: position.section).blocks
        guard blocks.indices.contains(position.block) else { return nil }
        return suffix(of: blocks[position.block].text, fromUTF16: position.offset)
    }

    // MARK: - 1. Page starts lead back to their page

    /// On six seeded viewports per book, every page's start Locator resolves to a position on the
    /// same page, and so does the Locator after a JSON round trip (which gives the same Locator).
    @Test(arguments: LocatorViewportCase.all)
    func pageStartLocatorsLeadBackToTheirPage(_ test: LocatorViewportCase) throws {
        let document = try test.book.open()
        let viewport = try Viewport(columns: test.columns, rows: test.rows)
        let paginator = try ReaderEngine.standard.paginator(for: document, viewport: viewport)
        let count = try paginator.pageCount()
        print("pdf locators \(test): \(count) pages")
        var failures: [String] = []
        for number in 1...count {
            let page = try paginator.page(number)
            let locator = try document.locator(at: page.start)
            let position = try document.textPosition(for: locator)
            let landed = try paginator.pageNumber(containing: position)
            let decoded = try Locator(jsonString: locator.jsonString())
            let viaJSON = try document.textPosition(for: decoded)
            if landed != number || decoded != locator || viaJSON != position {
                failures.append("page \(number) start \(page.start) → \(locator.jsonString()) → \(position) on page \(landed)"
                                + (decoded != locator ? "; JSON changed it to \(decoded.jsonString())" : "")
                                + (viaJSON != position ? "; from JSON \(viaJSON)" : ""))
            }
        }
        #expect(failures.isEmpty, "\(test): \(failures.count) of \(count) pages: \(failures.prefix(5).joined(separator: " | "))")
    }

    // MARK: - 2. A Locator resolves to the same words on any viewport

    /// 50 seeded random positions per book, and the three positions around every place where a
    /// paragraph runs on to the next page (last character before, the joining space, first
    /// character after): a position on a character copied from the page text resolves to itself;
    /// each Locator's highlight is the block text at the
    /// resolved position (leading white space aside: a position on the space the engine put
    /// where two lines were joined resolves to the next word), which is never before the original; on two viewports the page holding the
    /// resolved position shows the highlight's first letters.
    @Test(arguments: LocatorPDF.all)
    func locatorsResolveToTheirWordsOnAnyViewport(_ book: LocatorPDF) throws {
        let document = try book.open()
        let paginators = try [(37, 11), (101, 43)].map { columns, rows in
            try ReaderEngine.standard.paginator(for: document, viewport: try Viewport(columns: columns, rows: rows))
        }
        let crossings = try Self.pageCrossings(document)
        print("pdf locators \(book): \(crossings.count / 3) places where a paragraph runs on to the next page")
        for position in try Self.randomPositions(document, count: 50, seed: book.seed) + crossings {
            let locator = try document.locator(at: position)
            let resolved = try document.textPosition(for: locator)
            let context = "\(book) \(position) → \(locator.jsonString()) → \(resolved)"
            #expect(resolved >= position, "\(context): resolved before the original position")
            if try Self.isAtPageCharacter(position, in: document) {
                #expect(resolved == position, "\(context): a character copied from the page must round-trip exactly")
            }
            guard let highlight = locator.text?.highlight, !Self.squeezed(highlight).isEmpty else {
                // At the end of a block: the next place with text, which is never before it.
                continue
            }
            let expected = String(highlight.drop { $0.isWhitespace || $0 == "\u{FFFD}" }.reversed()
                .drop { $0 == "\u{FFFD}" }.reversed())
            let found = String((try Self.text(at: resolved, in: document) ?? "").drop { $0.isWhitespace })
            #expect(found.hasPrefix(expected), "\(context): highlight \"\(highlight)\" but the text there is \"\(found.prefix(60))\"")
            // The page holding the resolved position on any viewport shows the first letters.
            let letters = String(Self.squeezed(Self.firstWord(of: expected)).prefix(1))
            for paginator in paginators where !letters.isEmpty {
                let number = try paginator.pageNumber(containing: resolved)
                let shown = Self.squeezed(try paginator.page(number).lines.joined())
                #expect(shown.contains(letters), "\(context): page \(number) at \(paginator.viewport) lacks \"\(letters)\"")
            }
        }
    }

    // MARK: - 3. Locator fields

    /// For every section start, 50 seeded random positions and the page starts of one viewport:
    /// `page` is a page, `position` is the page, the fragment is `page=N`, `offset` is inside the
    /// page's text and the page text there starts with the highlight's first word (white space
    /// and hyphens aside: lines joined with a space, mended words; the placeholder block of a page
    /// that is only an image is located at offset 0 instead), progressions are in 0...1 and
    /// `totalProgression` never decreases along the reading order.
    @Test(arguments: LocatorPDF.all)
    func locatorFieldsAgreeWithThePageText(_ book: LocatorPDF) throws {
        let document = try book.open()
        let paginator = try ReaderEngine.standard.paginator(for: document, viewport: try Viewport(columns: 48, rows: 16))
        // Section starts, where the section has a block: the section of a page whose only
        // paragraph runs on from the page before holds nothing, so it has no positions.
        var positions = try document.readingOrder.indices.filter { !(try document.content(ofSection: $0).blocks.isEmpty) }
            .map { TextPosition(section: $0, block: 0, offset: 0) }
        positions += try Self.randomPositions(document, count: 50, seed: book.seed ^ 0x3)
        positions += try (1...paginator.pageCount()).map { try paginator.page($0).start }
        var pageTexts: [Int: String] = [:]
        var previous: (position: TextPosition, total: Double)?
        for position in Set(positions).sorted() {
            let locator = try document.locator(at: position)
            let locations = locator.locations
            let context = "\(book) \(position) → \(locator.jsonString())"
            #expect(locator.href == book.href && locator.type == "application/pdf", "\(context)")
            guard let page = locations.page, (1...document.pageCount).contains(page) else {
                Issue.record("\(context): page outside 1...\(document.pageCount)")
                continue
            }
            #expect(locations.position == page, "\(context)")
            #expect(locations.fragments == ["page=\(page)"], "\(context)")
            let text: String
            if let known = pageTexts[page] { text = known } else {
                text = try document.extractedText(ofPage: page)
                pageTexts[page] = text
            }
            let offset = try #require(locations.offset, "\(context)")
            #expect((0...text.utf16.count).contains(offset), "\(context): offset outside 0...\(text.utf16.count)")
            let progression = try #require(locations.progression, "\(context)")
            let total = try #require(locations.totalProgression, "\(context)")
            #expect((0...1).contains(progression) && (0...1).contains(total), "\(context)")
            if let previous {
                #expect(total >= previous.total, "\(context): totalProgression falls from \(previous.total) at \(previous.position)")
            }
            previous = (position, total)
            // A page that is only an image has a placeholder block whose words are the engine's.
            let blocks = try document.content(ofSection: position.section).blocks
            let isPlaceholder = blocks.indices.contains(position.block) && {
                if case .image = blocks[position.block].kind { true } else { false }
            }()
            if isPlaceholder {
                #expect(offset == 0, "\(context): a page without text is located at its start")
            } else if let highlight = locator.text?.highlight {
                let word = Self.squeezed(Self.firstWord(of: highlight))
                let atOffset = Self.squeezed(Self.suffix(of: text, fromUTF16: offset).prefix(word.count * 4 + 64))
                #expect(atOffset.hasPrefix(word), "\(context): page \(page) text at \(offset) is \"\(atOffset.prefix(40))\", not \"\(word)\"")
            }
        }
    }

    // MARK: - 4. Locators written elsewhere

    /// A Locator with only a page (as `page`, a `page=N` fragment or `position`), in JSON with
    /// this file's href or as a value with no href, resolves to the first text of that page; one
    /// with only `totalProgression` 0.5 to the page holding the middle; pages 0 and pageCount+1,
    /// an offset past the page's text, progressions outside 0...1 and another file's href are
    /// `.invalidLocator` errors.
    @Test(arguments: LocatorPDF.all)
    func locatorsFromOutsideResolve(_ book: LocatorPDF) throws {
        let document = try book.open()
        let places = try Self.mappedPlaces(document)
        let head = #"{"href":"\#(book.href)","type":"application/pdf","locations":"#
        for page in 1...document.pageCount {
            let forms: [(String, Locator)] = try [
                ("page", Locator(jsonString: head + #"{"page":\#(page)}}"#)),
                ("fragment", Locator(jsonString: head + #"{"fragments":["page=\#(page)"]}}"#)),
                ("position", Locator(jsonString: head + #"{"position":\#(page)}}"#)),
                ("bare page", Locator(href: "", type: "", locations: .init(page: page))),
                ("bare fragment", Locator(href: "", type: "", locations: .init(fragments: ["page=\(page)"]))),
                ("bare position", Locator(href: "", type: "", locations: .init(position: page))),
            ]
            let expected = Self.firstText(ofPage: page, in: places)
            for (form, locator) in forms {
                let resolved = try document.textPosition(for: locator)
                if let expected {
                    #expect(resolved == expected, "\(book) page \(page) as \(form): \(resolved), expected \(expected)")
                } else {
                    // No block maps any of the page's text (only furniture on it).
                    #expect(resolved.section == page - 1, "\(book) page \(page) as \(form): \(resolved)")
                }
            }
        }

        // The middle: page ⌊0.5·pageCount⌋+1 at progression 0.5·pageCount − ⌊0.5·pageCount⌋.
        let middle = Locator(href: "", type: "", locations: .init(totalProgression: 0.5))
        let viaJSON = try Locator(jsonString: head + #"{"totalProgression":0.5}}"#)
        let half = 0.5 * Double(document.pageCount)
        let middlePage = min(document.pageCount, Int(half.rounded(.down)) + 1)
        let length = try document.extractedText(ofPage: middlePage).utf16.count
        let offset = SourceOffsetLocating.offset(ofProgression: half - Double(middlePage - 1), length: length)
        let direct = try document.textPosition(for: Locator(href: "", type: "",
                                                            locations: .init(offset: offset, page: middlePage)))
        for locator in [middle, viaJSON] {
            let resolved = try document.textPosition(for: locator)
            #expect(resolved == direct, "\(book) totalProgression 0.5: \(resolved), page \(middlePage) offset \(offset) is \(direct)")
            let landed = try document.locator(at: resolved)
            #expect(landed.locations.page == middlePage || resolved.section == middlePage - 1,
                    "\(book) totalProgression 0.5 landed on \(landed.jsonString())")
        }

        // Out of range.
        let firstLength = try document.extractedText(ofPage: 1).utf16.count
        let invalid: [String] = [
            #"{"page":0}"#, #"{"page":\#(document.pageCount + 1)}"#, #"{"fragments":["page=0"]}"#,
            #"{"fragments":["page=\#(document.pageCount + 1)"]}"#, #"{"position":0}"#,
            #"{"position":\#(document.pageCount + 1)}"#, #"{"page":1,"offset":\#(firstLength + 1)}"#,
            #"{"page":1,"offset":-1}"#, #"{"page":1,"progression":1.5}"#, #"{"page":1,"progression":-0.5}"#,
            #"{"totalProgression":1.5}"#, #"{"totalProgression":-0.1}"#, #"{}"#,
        ]
        for locations in invalid {
            let locator = try Locator(jsonString: head + locations + "}")
            let error = readerError { _ = try document.textPosition(for: locator) }
            #expect(error?.kind == .invalidLocator, "\(book) \(locations): \(String(describing: error))")
        }
        let elsewhere = try Locator(jsonString: #"{"href":"another.pdf","type":"application/pdf","locations":{"page":1}}"#)
        #expect(readerError { _ = try document.textPosition(for: elsewhere) }?.kind == .invalidLocator)
    }

    // MARK: - 5. Determinism

    /// Opening a file twice gives the same blocks for every section, and reading the sections in
    /// another order (the last first, then the first, then the rest backwards; or after resolving
    /// the last page's Locator, in a seeded random order) gives the same blocks as in order: the
    /// reflow's caches do not make results depend on what was asked before.
    @Test(arguments: LocatorPDF.all)
    func reflowDoesNotDependOnReadingOrder(_ book: LocatorPDF) throws {
        func blocks(_ document: PDFDocument, order: [Int]) throws -> [Int: [Block]] {
            var result: [Int: [Block]] = [:]
            for section in order { result[section] = try document.content(ofSection: section).blocks }
            return result
        }
        let first = try book.open()
        let sections = Array(first.readingOrder.indices)
        let inOrder = try blocks(first, order: sections)
        let again = try blocks(try book.open(), order: sections)
        #expect(again == inOrder, "\(book): a second opening differs")

        let last = sections.count - 1
        let backwards = [last] + (last > 0 ? [0] : []) + sections.dropFirst().dropLast().reversed()
        #expect(Set(backwards) == Set(sections))
        let outOfOrder = try book.open()
        let backwardsBlocks = try blocks(outOfOrder, order: backwards)
        for section in sections where backwardsBlocks[section] != inOrder[section] {
            Issue.record("\(book): section \(section) differs when read in the order \(backwards)")
        }
        // Each page's own blocks, asked last page first, match those of the document read in order.
        for page in sections.reversed().map({ $0 + 1 }) {
            #expect(try outOfOrder.blocks(onPage: page) == first.blocks(onPage: page), "\(book) page \(page)")
        }

        var random = SeededRandom(seed: book.seed ^ 0x5)
        let shuffled = sections.shuffled(using: &random)
        let afterLocator = try book.open()
        _ = try afterLocator.textPosition(for: Locator(href: "", type: "", locations: .init(page: last + 1)))
        _ = try afterLocator.textPosition(for: Locator(href: "", type: "", locations: .init(totalProgression: 0.5)))
        let shuffledBlocks = try blocks(afterLocator, order: shuffled)
        for section in sections where shuffledBlocks[section] != inOrder[section] {
            Issue.record("\(book): section \(section) differs when read in the order \(shuffled) after resolving Locators")
        }
    }
}

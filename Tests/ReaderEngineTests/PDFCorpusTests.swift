import Foundation
import ReaderCore
import ReaderEngine
@testable import ReaderPDF
import ReaderTestSupport
import Testing

/// One PDF of the shared corpus (`corpus/pdf`, searched recursively) and what its MANIFEST note
/// (column 7) and `reference/pdf-page-counts.tsv` predict for it.
struct CorpusPDF: CustomStringConvertible, Hashable, Sendable {
    /// What opening the file without a password should do.
    enum Opening: Hashable, Sendable {
        /// It opens (the owner-only file too: its user password is empty).
        case opens
        /// pdfinfo failed on it (page count `ERROR`): `.malformed`.
        case malformed
        /// It has a user password: `.encrypted` without it.
        case needsPassword
    }

    /// The path relative to `corpus/pdf` (`encrypted/aes-128_user-baz_owner-foo.pdf`).
    var name: String
    /// The MANIFEST note.
    var note: String
    /// The page count pdfinfo gave, nil for `ERROR`.
    var referencePageCount: Int?
    /// What opening it without a password should do.
    var opening: Opening
    /// The user password the note gives.
    var userPassword: String?
    /// The owner password the note gives.
    var ownerPassword: String?

    var description: String { name }

    /// The absolute path.
    var path: String { TestPaths.corpus + "/pdf/" + name }

    /// The password the reference outputs were made with (the user password), if any.
    var password: String? { userPassword }

    /// A reference output of this PDF (`reference/pdf/<name>/<file>`), nil when missing.
    func reference(_ file: String) -> String? {
        try? String(contentsOfFile: TestPaths.corpus + "/reference/pdf/" + name + "/" + file, encoding: .utf8)
    }

    /// Opens the file through the engine, with its user password when it has one.
    func open() throws -> PDFDocument {
        let document = try ReaderEngine.standard.open(path: path, options: OpenOptions(password: password))
        return try #require(document as? PDFDocument)
    }

    /// Every PDF under `corpus/pdf` with its MANIFEST row (none when the corpus is absent).
    static let all: [CorpusPDF] = {
        let folder = TestPaths.corpus + "/pdf"
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        let names = walker.compactMap { $0 as? String }.filter { $0.lowercased().hasSuffix(".pdf") }.sorted()
        let notes = manifestNotes()
        let counts = pageCounts()
        return names.map { name in
            let note = notes["pdf/" + name] ?? ""
            let count = counts["pdf/" + name] ?? nil
            let user = note.firstMatch(of: #/user password "([^"]*)"/#).map { String($0.1) }
            let owner = note.firstMatch(of: #/owner(?: password)? "([^"]*)"/#).map { String($0.1) }
            let opening: Opening
            if count == nil || note.contains("pdfinfo fails") {
                opening = .malformed
            } else if let user, !user.isEmpty {
                opening = .needsPassword
            } else {
                opening = .opens
            }
            return CorpusPDF(name: name, note: note, referencePageCount: count, opening: opening,
                             userPassword: user, ownerPassword: owner)
        }
    }()

    /// The PDFs that open (with their user password where they have one).
    static let opening = all.filter { $0.opening != .malformed }

    /// MANIFEST.tsv: path → notes (column 7).
    private static func manifestNotes() -> [String: String] {
        guard let text = try? String(contentsOfFile: TestPaths.corpus + "/MANIFEST.tsv", encoding: .utf8) else { return [:] }
        var notes: [String: String] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 7 else { continue }
            notes[String(fields[0])] = String(fields[6])
        }
        return notes
    }

    /// `reference/pdf-page-counts.tsv`: path (from `corpus/`) → pages, nil for `ERROR`.
    private static func pageCounts() -> [String: Int?] {
        let file = TestPaths.corpus + "/reference/pdf-page-counts.tsv"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return [:] }
        var counts: [String: Int?] = [:]
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { continue }
            counts[String(fields[0])] = Int(fields[1].trimmingCharacters(in: .whitespaces))
        }
        return counts
    }
}

/// Word counting for comparing page text with `pdftotext`.
enum PDFWordBag {
    /// Agreement of two word lists as multisets, symmetric and order-blind (a different reading
    /// order of columns or table cells costs nothing): the words both lists hold (each counted
    /// min(ours, theirs) times) over the length of the longer list; 1 when both are empty.
    ///
    /// With `resegmenting` (the default), a word left unmatched on one side that is the
    /// concatenation of two or more words left unmatched on the other counts as those words
    /// (matched, and its side's count grows by the extra pieces): poppler-glib's page text and
    /// pdftotext put spaces in different places (poppler-glib runs table cells and letter-spaced
    /// glyphs together: `CapitalOfficial`, `abcdefghijklmno`, `0.00A`), which is a difference of
    /// spacing, not of words.
    struct Agreement: CustomStringConvertible {
        /// Words matched (pieces of re-segmented words each count).
        var matched = 0
        /// Words on our side, re-segmented words counted as their pieces.
        var ours = 0
        /// Words on pdftotext's side, likewise.
        var theirs = 0
        /// Words matched only after re-segmenting.
        var resegmented = 0
        /// pdftotext's words left unmatched.
        var unmatchedTheirs: [String: Int] = [:]

        var ratio: Double { max(ours, theirs) == 0 ? 1 : Double(matched) / Double(max(ours, theirs)) }

        var description: String {
            String(format: "%.2f%% (%d matched, %d of them re-segmented; ours %d, pdftotext %d)",
                   100 * ratio, matched, resegmented, ours, theirs)
        }

        init(ours oursWords: [String], theirs theirsWords: [String], resegmenting: Bool = true) {
            var theirPool: [String: Int] = [:]
            for word in theirsWords { theirPool[word, default: 0] += 1 }
            var ourLeft: [String] = []
            for word in oursWords {
                if let count = theirPool[word], count > 0 {
                    theirPool[word] = count - 1
                    matched += 1
                } else {
                    ourLeft.append(word)
                }
            }
            ours = oursWords.count
            theirs = theirsWords.count
            if resegmenting {
                var ourPool: [String: Int] = [:]
                for word in ourLeft { ourPool[word, default: 0] += 1 }
                // Our run-together words, longest first, cut into pdftotext's leftovers …
                for word in ourLeft.sorted(by: { ($0.count, $0) > ($1.count, $1) }) where ourPool[word, default: 0] > 0 {
                    if let pieces = Self.split(word, into: &theirPool) {
                        ourPool[word, default: 0] -= 1
                        matched += pieces
                        resegmented += pieces
                        ours += pieces - 1
                    }
                }
                // … and pdftotext's run-together words cut into ours.
                let theirLeft = theirPool.flatMap { word, count in Array(repeating: word, count: count) }
                for word in theirLeft.sorted(by: { ($0.count, $0) > ($1.count, $1) }) where theirPool[word, default: 0] > 0 {
                    if let pieces = Self.split(word, into: &ourPool) {
                        theirPool[word, default: 0] -= 1
                        matched += pieces
                        resegmented += pieces
                        theirs += pieces - 1
                    }
                }
            }
            unmatchedTheirs = theirPool.filter { $0.value > 0 }
        }

        /// Cuts `word` into two or more words taken from `pool` (longest prefix first, with a
        /// bounded search), removing them from the pool; the number of pieces, or nil.
        private static func split(_ word: String, into pool: inout [String: Int]) -> Int? {
            let characters = Array(word)
            guard characters.count >= 2, characters.count <= 200 else { return nil }
            var budget = 20_000
            var taken: [String] = []
            func search(from start: Int) -> Bool {
                if start == characters.count { return taken.count >= 2 }
                for end in stride(from: characters.count, to: start, by: -1) {
                    budget -= 1
                    if budget < 0 { return false }
                    if start == 0, end == characters.count { continue }
                    let piece = String(characters[start..<end])
                    guard let count = pool[piece], count > 0 else { continue }
                    pool[piece] = count - 1
                    taken.append(piece)
                    if search(from: end) { return true }
                    taken.removeLast()
                    pool[piece] = count
                }
                return false
            }
            return search(from: 0) ? taken.count : nil
        }
    }

    /// The words of a text, as ``WordAgreement/words(of:)`` cuts them (case-folded runs of
    /// letters, digits and marks; Han and kana one character each), after joining every line
    /// that ends in an ASCII hyphen to the next line without the hyphen.
    ///
    /// `pdftotext` (default mode) does that join itself (`exam-` + `ple` → `example`; a line's
    /// `hyphenated` flag is a final `-`), while poppler-glib's page text keeps `exam-` and `ple`
    /// on their two lines; joining on both sides makes the two comparable.
    static func words(of text: String) -> [String] {
        WordAgreement.words(of: joiningLineEndHyphens(text))
    }

    /// `text` with every `-` that ends a line removed together with the line break.
    static func joiningLineEndHyphens(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            if pendingHyphen {
                pendingHyphen = false
                if scalar == "\n" { continue }
                scalars.append("-")
            }
            if scalar == "-" {
                pendingHyphen = true
            } else {
                scalars.append(scalar)
            }
        }
        if pendingHyphen { scalars.append("-") }
        return String(scalars)
    }

    /// `pdftotext`'s output cut into pages at its form feeds (it ends every page with one).
    static func pages(ofPDFToText text: String, pageCount: Int) -> [String] {
        var pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).map(String.init)
        if pages.count > pageCount, pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true {
            pages.removeLast()
        }
        return pages
    }
}

/// Which parts of a PDF's page text the reflowed blocks map.
enum PDFCoverage {
    /// The UTF-16 ranges of each page's text (by 1-based page) that the blocks' source maps cover.
    static func coveredRanges(of blocks: [Block]) -> [Int: [Range<Int>]] {
        var covered: [Int: [Range<Int>]] = [:]
        for block in blocks {
            for run in block.sourceMap.runs where run.length > 0 {
                let start = PDFSourceOffset(packed: run.sourceStart)
                covered[start.page, default: []].append(start.offset..<(start.offset + run.length))
            }
        }
        return covered
    }

    /// The text of every page that no block's source map covers (covered characters replaced by
    /// spaces, so words on either side stay apart): running headers, footers and page numbers,
    /// removed hyphens, line breaks.
    static func textLeftOut(of document: PDFDocument, blocks: [Block]) throws -> String {
        let covered = coveredRanges(of: blocks)
        var result = String.UnicodeScalarView()
        for page in 1...document.pageCount {
            var units = Array(try document.extractedText(ofPage: page).utf16)
            for range in covered[page] ?? [] {
                for index in range where units.indices.contains(index) { units[index] = 0x20 }
            }
            result.append(contentsOf: String(decoding: units, as: UTF16.self).unicodeScalars)
            result.append("\n")
        }
        return String(result)
    }
}

/// Every PDF of the shared corpus against what poppler-utils and mutool wrote in
/// `corpus/reference/pdf/` (the tests read those files and never run the tools): opening and its
/// errors, page counts, the text of every page, the reflowed text (and its page numbers), the
/// outline and the metadata. ReaderPDF is imported `@testable` only to unpack the page and offset
/// a block's source map points at (``PDFSourceOffset``).
@Suite(.enabled(if: TestPaths.corpusAvailable, "shared corpus not found at ../shared/corpus: PDF corpus tests skipped"))
struct PDFCorpusTests {
    /// Files whose page text cannot reach 99% agreement with `pdftotext` for a reason in poppler,
    /// not in this engine: file → (the lowest page agreement measured, why). `extractedText(ofPage:)`
    /// is poppler-glib's `poppler_page_get_text` verbatim for these files (checked against a
    /// small C program calling poppler-glib 22.12 directly), and pdftotext is poppler's other text
    /// path (`TextOutputDev`'s dump), so the difference is between the two halves of poppler.
    static let pageTextExceptions: [String: (minimum: Double, reason: String)] = [
        "habibi_arabic.pdf": (2.0 / 3.0, """
            poppler-glib's page text and text layout hold only one of the page's two lines (`habibi يبيبَح`); \
            the line with the Arabic word alone, which pdftotext prints first, is missing from both
            """),
        "libreoffice-form.pdf": (18.0 / 20.0, """
            pdftotext draws the form fields' appearance streams and so prints their values `Alice` and `Bob`; \
            poppler-glib's page text leaves annotations (the widgets) out
            """),
        "simple3_japanese-ascii.pdf": (4.0 / 14.0, """
            the Japanese string is set in a vertical CID font (Ryumin-Light-V, not embedded); poppler-glib's \
            page text and layout leave it out (only the four ASCII words remain), pdftotext prints its 10 characters
            """),
    ]

    /// Why a file's reflowed text stays under 97% agreement with `pdftotext`.
    enum ReflowException {
        /// Reflow leaves out lines it takes for running headers or footers, as designed, and they
        /// are a large share of a short page: the figure is at least `minimum`, and at least 97%
        /// once the words of the lines left out are excused.
        case furnitureByDesign(minimum: Double, reason: String)
        /// The page text already lacks the words (see ``pageTextExceptions``): at least `minimum`.
        case popplerPageText(minimum: Double)
    }

    /// Files whose reflowed text stays under 97%, and why.
    static let reflowExceptions: [String: ReflowException] = [
        "calrgb_17-pages.pdf": .furnitureByDesign(minimum: 0.8776, reason: """
            all 17 pages open with the same four lines (WhitePoint, BlackPoint, Gamma, Matrix) at the same \
            height in the top band, which reflow takes for a running header
            """),
        "standard_fonts_14-base-fonts.pdf": .furnitureByDesign(minimum: 0.9086, reason: """
            every page has a three-line running header (TCPDF Example 055 / by Nicola Asuni - Tecnick.com / \
            www.tcpdf.org) and a `page N / 14` footer, about 14 of each page's 150 words
            """),
        "habibi_arabic.pdf": .popplerPageText(minimum: 2.0 / 3.0),
        "libreoffice-form.pdf": .popplerPageText(minimum: 18.0 / 20.0),
        "simple3_japanese-ascii.pdf": .popplerPageText(minimum: 4.0 / 14.0),
    ]

    /// The corpus holds the PDFs the README lists, each with a MANIFEST row.
    @Test func corpusHasPDFsWithManifestRows() {
        #expect(CorpusPDF.all.count >= 20)
        for pdf in CorpusPDF.all {
            #expect(!pdf.note.isEmpty, "\(pdf.name) has no MANIFEST row")
        }
        #expect(CorpusPDF.all.filter { $0.opening == .malformed }.map(\.name) == ["broken/REDHAT-1531897-0.pdf"])
        #expect(CorpusPDF.all.filter { $0.opening == .needsPassword }.count == 2)
    }

    /// Every PDF opens, or fails with the error its MANIFEST note predicts: pdfinfo `ERROR` →
    /// `.malformed`; a user password → `.encrypted` without it (and with a wrong one), and it opens
    /// with the user password and with the owner password; the owner-only file opens without one.
    @Test(arguments: CorpusPDF.all)
    func opensOrFailsAsTheManifestPredicts(pdf: CorpusPDF) throws {
        switch pdf.opening {
        case .malformed:
            let error = readerError { _ = try ReaderEngine.standard.open(path: pdf.path) }
            #expect(error?.kind == .malformed, "\(pdf.name): \(String(describing: error))")
            #expect(error?.format == .pdf)
        case .needsPassword:
            let bare = readerError { _ = try ReaderEngine.standard.open(path: pdf.path) }
            #expect(bare?.kind == .encrypted, "\(pdf.name): \(String(describing: bare))")
            let wrong = readerError {
                _ = try ReaderEngine.standard.open(path: pdf.path, options: OpenOptions(password: "not-the-password"))
            }
            #expect(wrong?.kind == .encrypted, "\(pdf.name): \(String(describing: wrong))")
            #expect(try pdf.open().pageCount >= 1)
            let owner = try #require(pdf.ownerPassword)
            let byOwner = try ReaderEngine.standard.open(path: pdf.path, options: OpenOptions(password: owner))
            #expect(byOwner.readingOrder.count >= 1)
        case .opens:
            let document = try ReaderEngine.standard.open(path: pdf.path)
            #expect(document.format == .pdf)
            #expect(document.readingOrder.count >= 1)
            if pdf.note.contains("EMPTY user password") {
                #expect(document.metadata.fields["encrypted"] == "yes")
            }
        }
    }

    /// `pageCount` and the number of sections equal pdfinfo's page count.
    @Test(arguments: CorpusPDF.opening)
    func pageCountMatchesPDFInfo(pdf: CorpusPDF) throws {
        let expected = try #require(pdf.referencePageCount)
        let document = try pdf.open()
        #expect(document.pageCount == expected)
        #expect(document.readingOrder.count == expected)
    }

    /// Every page's text (`extractedText(ofPage:)`) against the same page of `pdftotext` (its
    /// output cut at form feeds), as word multisets after joining line-final hyphens on both sides
    /// (``PDFWordBag/words(of:)``), measured by ``PDFWordBag/Agreement``: words matched over the
    /// longer list, a word one side runs together counting as the pieces the other side spaced
    /// apart. At least 99% on every page, except where ``pageTextExceptions`` says why poppler-glib
    /// and pdftotext differ; there the lowest page must still reach the figure measured. The
    /// figure without re-segmenting is printed beside it.
    @Test(arguments: CorpusPDF.opening)
    func pageTextAgreesWithPDFToText(pdf: CorpusPDF) throws {
        let document = try pdf.open()
        let reference = try #require(pdf.reference("pdftotext.txt"))
        let pages = PDFWordBag.pages(ofPDFToText: reference, pageCount: document.pageCount)
        #expect(pages.count == document.pageCount, "\(pdf.name): pdftotext has \(pages.count) pages")
        var lowest: (page: Int, agreement: PDFWordBag.Agreement)?
        var lowestPlain: (page: Int, agreement: PDFWordBag.Agreement)?
        for page in 1...document.pageCount {
            let ours = PDFWordBag.words(of: try document.extractedText(ofPage: page))
            let theirs = page <= pages.count ? PDFWordBag.words(of: pages[page - 1]) : []
            let agreement = PDFWordBag.Agreement(ours: ours, theirs: theirs)
            if agreement.ratio < lowest?.agreement.ratio ?? .infinity { lowest = (page, agreement) }
            let plain = PDFWordBag.Agreement(ours: ours, theirs: theirs, resegmenting: false)
            if plain.ratio < lowestPlain?.agreement.ratio ?? .infinity { lowestPlain = (page, plain) }
        }
        let minimum = try #require(lowest), plain = try #require(lowestPlain)
        print("pdf page text \(pdf.name): lowest page \(minimum.page) of \(document.pageCount): \(minimum.agreement);"
              + " without re-segmenting lowest page \(plain.page): \(plain.agreement)")
        if let exception = Self.pageTextExceptions[pdf.name] {
            #expect(minimum.agreement.ratio >= exception.minimum - 0.0001,
                    "\(pdf.name) page \(minimum.page): \(minimum.agreement); \(exception.reason)")
            #expect(minimum.agreement.ratio < 0.99, "\(pdf.name) now reaches 99%: drop its exception")
        } else {
            #expect(minimum.agreement.ratio >= 0.99, "\(pdf.name) page \(minimum.page): \(minimum.agreement)")
        }
    }

    /// The reflowed text (every block of every section; the placeholder of a page that is only an
    /// image left out, since its words are the engine's) against all of `pdftotext`'s words, by
    /// the same measure as the page text: at least 97% per file, except where
    /// ``reflowExceptions`` says why. Reflow drops running headers, footers and page numbers and
    /// mends cut words (keeping the hyphen of a compound such as `well-known`, which pdftotext
    /// writes `wellknown`), so it differs a little. Printed beside it: the figure when the words
    /// of the lines reflow left out (page text no block maps) are excused, and the share of
    /// pdftotext's words an in-order alignment (``WordAgreement``) matches.
    @Test(arguments: CorpusPDF.opening)
    func reflowedTextAgreesWithPDFToText(pdf: CorpusPDF) throws {
        let document = try pdf.open()
        let reference = try #require(pdf.reference("pdftotext.txt"))
        var text: [String] = []
        var blocks: [Block] = []
        for section in document.readingOrder.indices {
            for block in try document.content(ofSection: section).blocks {
                blocks.append(block)
                if case .image = block.kind { continue }
                text.append(block.text)
            }
        }
        let ours = PDFWordBag.words(of: text.joined(separator: "\n"))
        let theirs = PDFWordBag.words(of: reference)
        let agreement = PDFWordBag.Agreement(ours: ours, theirs: theirs)
        let leftOut = try PDFWordBag.words(of: PDFCoverage.textLeftOut(of: document, blocks: blocks))
        var leftOutCounts: [String: Int] = [:]
        for word in leftOut { leftOutCounts[word, default: 0] += 1 }
        let excused = agreement.unmatchedTheirs.reduce(0) { $0 + min($1.value, leftOutCounts[$1.key] ?? 0) }
        let excusedLonger = max(agreement.ours, agreement.theirs - excused)
        let excusedRatio = excusedLonger == 0 ? 1 : Double(agreement.matched) / Double(excusedLonger)
        let ordered = WordAgreement(reference: theirs, candidate: ours)
        print(String(format: "pdf reflow %@: %@; %.2f%% excusing %d words of %d left-out words; in order %.2f%%",
                     pdf.name, agreement.description, 100 * excusedRatio, excused, leftOut.count, 100 * ordered.ratio))
        switch Self.reflowExceptions[pdf.name] {
        case .furnitureByDesign(let minimum, let reason)?:
            #expect(agreement.ratio >= minimum - 0.0001, "\(pdf.name): \(agreement); \(reason)")
            #expect(excusedRatio >= 0.97, "\(pdf.name): \(excusedRatio) with the left-out lines excused")
            #expect(agreement.ratio < 0.97, "\(pdf.name) now reaches 97%: drop its exception")
        case .popplerPageText(let minimum)?:
            #expect(agreement.ratio >= minimum - 0.0001, "\(pdf.name): \(agreement)")
            #expect(agreement.ratio < 0.97, "\(pdf.name) now reaches 97%: drop its exception")
        case nil:
            #expect(agreement.ratio >= 0.97, "\(pdf.name): \(agreement)")
        }
    }

    /// No word of the reflowed text is two of pdftotext's words glued together: a table's cells,
    /// a figure's labels or two columns side by side stay apart (`Boolean Number`, not
    /// `BooleanNumber`). Words are runs of Latin letters and digits, case-folded, cut at hyphens;
    /// a glued word is one pdftotext never writes that equals two words it writes one after the
    /// other (each at least two characters, the first not ending a line with a hyphen). Han and
    /// kana text has no spaces to lose, so it is not measured.
    @Test(arguments: CorpusPDF.opening)
    func wordsAreNotGluedTogether(pdf: CorpusPDF) throws {
        let document = try pdf.open()
        let reference = try #require(pdf.reference("pdftotext.txt"))
        func latinWords(_ text: Substring) -> [String] {
            text.split(separator: "-").map { part in
                String(part.unicodeScalars.filter { $0.isASCII ? $0.properties.isAlphabetic || ("0"..."9").contains($0)
                                                               : (0xC0...0x24F).contains($0.value) }).lowercased()
            }.filter { !$0.isEmpty }
        }
        let theirs = reference.split(whereSeparator: \.isWhitespace)
        let vocabulary = Set(theirs.flatMap(latinWords))
        var joined = Set<String>()
        for (first, second) in zip(theirs, theirs.dropFirst()) where !first.hasSuffix("-") {
            guard let left = latinWords(first).last, let right = latinWords(second).first,
                  left.count >= 2, right.count >= 2 else { continue }
            joined.insert(left + right)
        }
        var glued: [String] = []
        for section in document.readingOrder.indices {
            for block in try document.content(ofSection: section).blocks {
                for word in block.text.split(whereSeparator: \.isWhitespace).flatMap(latinWords)
                    where !vocabulary.contains(word) && joined.contains(word) {
                    glued.append(word)
                }
            }
        }
        #expect(glued.isEmpty, "\(pdf.name): \(glued.prefix(10))")
    }

    /// A line alone at the top or bottom of a page that is that page's number (`3`, `- 3 -`,
    /// `[3]`, `Page 3`, `3/14`, `page 3 of 14`) is left out of the reflowed text: no block maps it.
    @Test(arguments: CorpusPDF.opening)
    func pageNumbersAreLeftOutOfTheReflow(pdf: CorpusPDF) throws {
        let document = try pdf.open()
        let blocks = try document.readingOrder.indices.flatMap { try document.content(ofSection: $0).blocks }
        let covered = PDFCoverage.coveredRanges(of: blocks)
        let pageNumber = #/(?:page\s+)?[-–—\[(]?\s*(\d+)\s*[-–—\])]?(?:\s*(?:/|of)\s*\d+)?/#.ignoresCase()
        var found = 0
        var kept: [String] = []
        for page in 1...document.pageCount {
            var lines: [(text: String, range: Range<Int>)] = []
            var start = 0
            for line in try document.extractedText(ofPage: page).split(separator: "\n", omittingEmptySubsequences: false) {
                let length = line.utf16.count
                let text = line.trimmingCharacters(in: .whitespaces)
                if !text.isEmpty { lines.append((text, start..<(start + length))) }
                start += length + 1
            }
            for (text, range) in Set([0, lines.count - 1]).sorted().filter(lines.indices.contains).map({ lines[$0] }) {
                guard let match = try? pageNumber.wholeMatch(in: text), Int(match.1) == page else { continue }
                found += 1
                if (covered[page] ?? []).contains(where: { $0.overlaps(range) }) { kept.append("page \(page): \"\(text)\"") }
            }
        }
        print("pdf page numbers \(pdf.name): \(found) found, \(kept.count) kept in the reflow")
        #expect(kept.isEmpty, "\(pdf.name) keeps \(kept.count) of \(found) page numbers: \(kept.prefix(4))")
    }

    /// The table of contents against `mutool show FILE outline`: the same titles, nesting and
    /// target pages (`locations.page`), in order; no outline gives an empty TOC.
    @Test(arguments: CorpusPDF.opening)
    func tableOfContentsMatchesMutool(pdf: CorpusPDF) throws {
        let document = try pdf.open()
        let expected = Self.mutoolOutline(try #require(pdf.reference("mutool-outline.txt")))
        var ours: [OutlineEntry] = []
        func flatten(_ entries: [TOCEntry], depth: Int) {
            for entry in entries {
                ours.append(OutlineEntry(depth: depth, title: entry.title, page: entry.locator.locations.page))
                flatten(entry.children, depth: depth + 1)
            }
        }
        flatten(try document.tableOfContents(), depth: 1)
        #expect(ours == expected, "\(pdf.name)")
        if expected.isEmpty { #expect(try document.tableOfContents().isEmpty) }
    }

    /// Title and authors equal pdfinfo's `Title:` and `Author:` wherever pdfinfo shows one.
    @Test(arguments: CorpusPDF.opening)
    func metadataMatchesPDFInfo(pdf: CorpusPDF) throws {
        let document = try pdf.open()
        let info = Self.pdfinfoFields(try #require(pdf.reference("pdfinfo.txt")))
        if let title = info["Title"], !title.isEmpty {
            #expect(document.metadata.title == title, "\(pdf.name)")
        }
        if let author = info["Author"], !author.isEmpty {
            #expect(document.metadata.authors.joined(separator: "; ") == author, "\(pdf.name)")
        }
        if let subject = info["Subject"], !subject.isEmpty {
            #expect(document.metadata.description == subject, "\(pdf.name)")
        }
    }

    /// One outline entry: depth (1 = top level), title and target page.
    struct OutlineEntry: Equatable, CustomStringConvertible {
        var depth: Int
        var title: String
        var page: Int?
        var description: String { "\(depth) \"\(title)\" → \(page.map(String.init) ?? "none")" }
    }

    /// Parses `mutool show FILE outline`: each line is a mark (`|` leaf, `-` open, `+` closed),
    /// one tab per level (one at the top), the quoted title, a tab and the target (`#page=N&…`).
    static func mutoolOutline(_ text: String) -> [OutlineEntry] {
        text.split(separator: "\n").compactMap { line in
            let rest = line.dropFirst()
            let depth = rest.prefix { $0 == "\t" }.count
            let body = rest.dropFirst(depth)
            guard body.hasPrefix("\""), let tab = body.lastIndex(of: "\t") else { return nil }
            var title = String(body[..<tab])
            title = String(title.dropFirst().dropLast())
                .replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\")
            let target = body[body.index(after: tab)...]
            let page = target.hasPrefix("#page=") ? Int(target.dropFirst(6).prefix { $0.isNumber }) : nil
            return OutlineEntry(depth: depth, title: title, page: page)
        }
    }

    /// `pdfinfo.txt` as fields (`Title:   x` → `Title` = `x`).
    static func pdfinfoFields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }
}


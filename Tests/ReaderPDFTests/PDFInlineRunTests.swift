import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderPDF

/// Inline runs of reflowed PDF text: bold and italic from the fonts' names and flags, links from
/// link annotations, on PDFs built in code and on corpus PDFs.
@Suite("PDF: inline runs")
struct PDFInlineRunTests {
    /// Page 1 shows a line with a bold and an italic stretch, a line with a URI link over "site",
    /// a line linked to page 2 explicitly and one linked to page 3 by a named destination (all
    /// below the top 12% of the page, where a lone line could be taken for a running head).
    static func linkedDocument() -> [UInt8] {
        let pages = [3, 6, 8]  // object numbers; each page's content stream follows it
        let content = """
            BT /F1 12 Tf 72 600 Td (Plain words then ) Tj /F2 12 Tf (bold words) Tj /F1 12 Tf ( and ) Tj \
            /F3 12 Tf (italic words) Tj /F1 12 Tf ( end.) Tj ET
            BT /F1 12 Tf 72 540 Td (Visit the site now.) Tj ET
            BT /F1 12 Tf 72 480 Td (See the second page.) Tj ET
            BT /F1 12 Tf 72 420 Td (Or the third one.) Tj ET
            """
        let fonts = """
            /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> \
            /F2 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >> \
            /F3 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Oblique >> >> >>
            """
        // "Visit the " is 46.02 pt wide in 12 pt Helvetica, "site" 18.67 pt.
        let annotations = """
            /Annots [<< /Type /Annot /Subtype /Link /Rect [117 530 137 555] /Border [0 0 0] \
            /A << /S /URI /URI (https://example.org/site) >> >> \
            << /Type /Annot /Subtype /Link /Rect [70 470 300 495] /Border [0 0 0] /Dest [\(pages[1]) 0 R /XYZ 0 792 0] >> \
            << /Type /Annot /Subtype /Link /Rect [70 410 300 435] /Border [0 0 0] /Dest /third >>]
            """
        func page(_ body: String, extra: String = "") -> [String] {
            ["<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(0) 0 R \(fonts) \(extra) >>",
             "<< /Length \(body.utf8.count) >>\nstream\n\(body)\nendstream"]
        }
        var objects = ["<< /Type /Catalog /Pages 2 0 R /Dests << /third [\(pages[2]) 0 R /Fit] >> >>",
                       "<< /Type /Pages /Kids [\(pages.map { "\($0) 0 R" }.joined(separator: " "))] /Count 3 >>"]
        objects += page(content, extra: annotations)
        objects.append("<< >>")  // object 5, unused, keeps page 2 at 6
        objects += page("BT /F1 12 Tf 72 700 Td (The second page.) Tj ET")
        objects += page("BT /F1 12 Tf 72 700 Td (The third page.) Tj ET")
        // Each page's /Contents is the object after it.
        for number in pages {
            objects[number - 1] = objects[number - 1].replacingOccurrences(of: "/Contents 0 0 R", with: "/Contents \(number + 1) 0 R")
        }
        return PDFFixture.build(objects)
    }

    static func open(_ path: String) throws -> PDFDocument {
        try #require(try PDFBackend().open(path: path, format: .pdf, options: .init()) as? PDFDocument)
    }

    /// The UTF-16 range of `word` in `text`.
    static func range(of word: String, in text: String) throws -> Range<Int> {
        let found = try #require(text.range(of: word))
        let start = text.utf16.distance(from: text.startIndex, to: found.lowerBound)
        return start..<(start + word.utf16.count)
    }

    /// The runs of `style` over `block`, as the words they cover.
    static func covered(_ block: Block, where matches: (InlineStyle) -> Bool) -> [String] {
        let units = Array(block.text.utf16)
        return block.runs.filter { matches($0.style) }.map { String(decoding: units[$0.range], as: UTF16.self) }
    }

    @Test("bold and italic fonts become strong and emphasis over just their words")
    func boldAndItalic() throws {
        try withTemporaryDirectory(prefix: "reader-pdf-runs") { directory in
            let document = try Self.open(PDFFixture.write(Self.linkedDocument(), named: "runs.pdf", in: directory))
            let blocks = try document.content(ofSection: 0).blocks
            let block = try #require(blocks.first { $0.text.contains("bold words") }, "\(blocks.map(\.text))")
            #expect(block.runs.contains(InlineRun(.strong, range: try Self.range(of: "bold words", in: block.text))))
            #expect(block.runs.contains(InlineRun(.emphasis, range: try Self.range(of: "italic words", in: block.text))))
            #expect(Self.covered(block) { $0 == .strong } == ["bold words"])
            #expect(Self.covered(block) { $0 == .emphasis } == ["italic words"])
            let plain = try #require(blocks.first { $0.text.contains("Visit") })
            #expect(!plain.runs.contains { $0.style == .strong || $0.style == .emphasis })
        }
    }

    @Test("a URI link covers the words under its rectangle and stays a URL")
    func externalLink() throws {
        try withTemporaryDirectory(prefix: "reader-pdf-uri") { directory in
            let document = try Self.open(PDFFixture.write(Self.linkedDocument(), named: "uri.pdf", in: directory))
            let block = try #require(try document.content(ofSection: 0).blocks.first { $0.text.contains("Visit") })
            #expect(block.runs == [InlineRun(.link(.external("https://example.org/site")),
                                             range: try Self.range(of: "site", in: block.text))])
        }
    }

    @Test("go-to links, explicit and named, lead to the Locator of their page")
    func internalLinks() throws {
        try withTemporaryDirectory(prefix: "reader-pdf-goto") { directory in
            let document = try Self.open(PDFFixture.write(Self.linkedDocument(), named: "goto.pdf", in: directory))
            let blocks = try document.content(ofSection: 0).blocks
            for (words, page) in [("See the second page.", 2), ("Or the third one.", 3)] {
                let block = try #require(blocks.first { $0.text.contains(words) })
                let run = try #require(block.runs.first)
                #expect(run.range == (try Self.range(of: words, in: block.text)))
                guard case .link(.locator(let locator)) = run.style else {
                    Issue.record("\(run.style) is not a link to a Locator")
                    continue
                }
                #expect(locator == document.pageStartLocator(page))
                #expect(locator.locations.page == page && locator.locations.offset == 0 && locator.href == "goto.pdf")
                #expect(try document.textPosition(for: locator) == document.textPosition(ofPage: page))
            }
        }
    }

    @Test("poppler-glib is asked for links only on pages with annotations, and finds all three")
    func linksOnlyWhereAnnotated() throws {
        try withTemporaryDirectory(prefix: "reader-pdf-annots") { directory in
            let path = try PDFFixture.write(Self.linkedDocument(), named: "annots.pdf", in: directory)
            let poppler = try PopplerDocument.open(path: path, password: nil)
            let first = try poppler.pageTextAndLinks(1), second = try poppler.pageTextAndLinks(2)
            #expect(first.mayHaveLinks && !second.mayHaveLinks)
            #expect(Set(first.links.map(\.target)) == [.uri("https://example.org/site"), .page(2), .page(3)])
            #expect(second.links.isEmpty)
            // y up in PDF user space, y down in text coordinates: the URI's rectangle [117 530 137 555].
            let uri = first.links.first { $0.target == .uri("https://example.org/site") }
            #expect(uri?.rect == PDFRect(x1: 117, y1: 792 - 555, x2: 137, y2: 792 - 530))
        }
    }

    @Test("font names: bold, URW's Medi, italic, oblique, slanted; medium and math italic are neither")
    func fontNames() {
        for name in ["Helvetica-Bold", "ABCDEF+NimbusRomNo9L-Medi", "NimbusRomNo9L-MediItal", "CMBX10", "Arial,Bold"] {
            #expect(PDFPageText.isStrongFont(name), "\(name)")
        }
        for name in ["Roboto-Medium", "Helvetica", "NimbusRomNo9L-Regu", "CMR10"] {
            #expect(!PDFPageText.isStrongFont(name), "\(name)")
        }
        for name in ["Times-Italic", "Helvetica-BoldOblique", "XYZABC+NimbusRomNo9L-ReguItal", "MinionPro-It", "CMTI10",
                     "FQDHWA+NimbusRomNo9L-Regu-Slant_167", "Arial,Italic"] {
            #expect(PDFPageText.isItalicFont(name), "\(name)")
        }
        for name in ["CMMI9", "Helvetica", "DigitalSans", "Times-Roman", "Roboto-Light"] {
            #expect(!PDFPageText.isItalicFont(name), "\(name)")
        }
    }
    /// One line in Helvetica with a stretch in each of two fonts whose names say neither bold nor
    /// italic, but whose font descriptors' /Flags do: ForceBold (bit 19) and Italic (bit 7), each
    /// with Nonsymbolic (bit 6).
    static func flaggedDocument() -> [UInt8] {
        let content = """
            BT /F1 12 Tf 72 600 Td (Plain words then ) Tj /F2 12 Tf (forced words) Tj /F1 12 Tf ( and ) Tj \
            /F3 12 Tf (slanted words) Tj /F1 12 Tf ( end.) Tj ET
            BT /F1 12 Tf 72 540 Td (A second plain line.) Tj ET
            """
        func font(_ name: String, descriptor: Int) -> String {
            "<< /Type /Font /Subtype /Type1 /BaseFont /\(name) /FontDescriptor \(descriptor) 0 R >>"
        }
        func descriptor(_ name: String, flags: Int, italicAngle: Int) -> String {
            """
            << /Type /FontDescriptor /FontName /\(name) /Flags \(flags) /FontBBox [-166 -225 1000 931] \
            /ItalicAngle \(italicAngle) /Ascent 718 /Descent -207 /CapHeight 718 /StemV 88 >>
            """
        }
        return PDFFixture.build([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            """
            << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << \
            /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> \
            /F2 \(font("PlainFaceA", descriptor: 5)) /F3 \(font("PlainFaceB", descriptor: 6)) >> >> >>
            """,
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream",
            descriptor("PlainFaceA", flags: 1 << 18 | 1 << 5, italicAngle: 0),
            descriptor("PlainFaceB", flags: 1 << 6 | 1 << 5, italicAngle: -12),
        ])
    }

    @Test("fonts whose descriptor flags say bold or italic become strong and emphasis, names aside")
    func boldAndItalicFromFlags() throws {
        #expect(!PDFPageText.isStrongFont("PlainFaceA") && !PDFPageText.isItalicFont("PlainFaceA"))
        #expect(!PDFPageText.isStrongFont("PlainFaceB") && !PDFPageText.isItalicFont("PlainFaceB"))
        try withTemporaryDirectory(prefix: "reader-pdf-flags") { directory in
            let document = try Self.open(PDFFixture.write(Self.flaggedDocument(), named: "flags.pdf", in: directory))
            let blocks = try document.content(ofSection: 0).blocks
            let block = try #require(blocks.first { $0.text.contains("forced words") }, "\(blocks.map(\.text))")
            #expect(Self.covered(block) { $0 == .strong } == ["forced words"])
            #expect(Self.covered(block) { $0 == .emphasis } == ["slanted words"])
            let plain = try #require(blocks.first { $0.text.contains("second plain") })
            #expect(!plain.runs.contains { $0.style == .strong || $0.style == .emphasis })
        }
    }
}


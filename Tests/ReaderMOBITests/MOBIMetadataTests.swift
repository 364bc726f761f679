import Foundation
import ReaderCore
import ReaderTestSupport
import Testing
@testable import ReaderMOBI

@Suite("MOBI metadata")
struct MOBIMetadataTests {
    private func metadata(_ builder: Record0TestBuilder, pdbName: String = "PDB_Name") throws -> DocumentMetadata {
        MOBIMetadata.make(header: try MOBIHeader.parse(builder.bytes()), pdbName: pdbName)
    }

    private func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("every EXTH record it knows lands in its place")
    func fromEXTH() throws {
        let meta = try metadata(Record0TestBuilder(
            fields: [0x5C: 40],
            exth: [
                (503, utf8("Updated Title")), (100, utf8("Ann Author")), (100, utf8(" Bob & Co \0")),
                (101, utf8("Pub House")), (103, utf8("<p>A <b>bold</b>\n  tale &amp; more&#33;</p>")),
                (104, utf8("978-0-00-000000-2")), (105, utf8("Fiction; Sea")), (105, utf8("Sea")),
                (106, utf8("2008-06-27T00:00:00+00:00")), (108, utf8("calibre (6.13.0)")),
                (109, utf8("Public domain")), (112, utf8("calibre:1234")), (113, utf8("abc-123")),
                (201, [0, 0, 0, 2]), (202, [0, 0, 0, 3]), (524, utf8("en-GB")),
            ],
            fullName: "Full Name"))
        #expect(meta.title == "Updated Title")
        #expect(meta.authors == ["Ann Author", "Bob & Co"])
        #expect(meta.contributors == [Contributor(name: "Ann Author", roles: ["aut"]), Contributor(name: "Bob & Co", roles: ["aut"])])
        #expect(meta.publisher == "Pub House")
        #expect(meta.description == "A bold tale & more!")
        #expect(meta.identifiers == ["isbn:978-0-00-000000-2", "mobi-asin:abc-123"])
        #expect(meta.subjects == ["Fiction", "Sea"])
        #expect(meta.date == "2008-06-27T00:00:00+00:00")
        #expect(meta.language == "en-GB")
        #expect(meta.fields["contributor"] == "calibre (6.13.0)")
        #expect(meta.fields["rights"] == "Public domain")
        #expect(meta.fields["source"] == "calibre:1234")
        #expect(meta.fields["mobi-version"] == "6")
        #expect(meta.fields["text-encoding"] == "utf-8")
        #expect(meta.fields["compression"] == "palmdoc")
        #expect(meta.fields["cover-record"] == "42")
        #expect(meta.fields["thumbnail-record"] == "43")
        #expect(meta.warnings.isEmpty)
    }

    @Test("the title falls back to the full name, then the PDB name; the language to the locale")
    func fallbacks() throws {
        let fullName = try metadata(Record0TestBuilder(fields: [0x4C: 7], exth: [(100, utf8("A"))], fullName: "Der Titel"))
        #expect(fullName.title == "Der Titel")
        #expect(fullName.language == "de")
        let pdbName = try metadata(Record0TestBuilder(compression: 1, mobiHeaderLength: nil), pdbName: "Old_Book")
        #expect(pdbName.title == "Old_Book")
        #expect(pdbName.authors.isEmpty)
        #expect(pdbName.language == nil)
        #expect(pdbName.fields["mobi-version"] == "palmdoc")
        #expect(pdbName.fields["text-encoding"] == "cp1252")
        #expect(pdbName.fields["compression"] == "none")
        #expect(pdbName.fields["cover-record"] == nil)
    }

    @Test("Windows-1252 EXTH text is decoded as such")
    func windows1252() throws {
        let meta = try metadata(Record0TestBuilder(fields: [0x0C: 1252], exth: [(503, [0x93, 0x43, 0x61, 0x66, 0xE9, 0x94])]))
        #expect(meta.title == "\u{201C}Caf\u{E9}\u{201D}")
    }

    @Test("a cut EXTH block gives a warning, and the records read before the cut")
    func cutEXTH() throws {
        var bytes = Record0TestBuilder(exth: [(100, utf8("Ann")), (101, utf8("Pub"))]).bytes()
        // The second record's length: record 0 header (16), MOBI header (0xE8), EXTH header (12), first record (11).
        bytes.setUInt32(0x1000, at: 16 + 0xE8 + 12 + 11 + 4)
        let meta = MOBIMetadata.make(header: try MOBIHeader.parse(bytes), pdbName: "x")
        #expect(meta.authors == ["Ann"])
        #expect(meta.publisher == nil)
        #expect(meta.warnings.count == 1)
    }

    @Test("HTML descriptions become plain text")
    func plainText() {
        #expect(MOBIMetadata.plainText("<div><p>One</p><p>Two&nbsp;&lt;3&gt;</p></div>") == "One Two <3>")
        #expect(MOBIMetadata.plainText("Fish &amp chips & &#x263A; &bogus;") == "Fish &amp chips & ☺ &bogus;")
        #expect(MOBIMetadata.plainText("  \n ") == "")
    }

    /// calibre's three-letter language codes, reduced to the two-letter ones.
    private static let twoLetter = ["eng": "en", "jpn": "ja", "ara": "ar", "san": "sa", "fra": "fr", "deu": "de"]

    /// The primary subtag of a language tag, as two letters where calibre printed three.
    private static func primary(_ tag: String) -> String {
        let first = String(tag.lowercased().split(separator: "-").first ?? "")
        return twoLetter[first] ?? first
    }

    @Test("title, authors and language match calibre's ebook-meta", arguments: MOBICorpus.readableBooks)
    func corpus(book: MOBICorpus.Book) throws {
        let expected = book.referenceFields("ebook-meta.txt")
        let pdb = try book.open()
        let meta = MOBIMetadata.make(header: try MOBIHeader.parse(pdb.record(0)), pdbName: pdb.name)
        #expect(meta.title == expected["Title"])
        // calibre joins authors with " & " and prints "Unknown" for none, and for a real "Unknown":
        // then mobitool's list of EXTH 100 records decides.
        var authors = expected["Author(s)"]?.components(separatedBy: " & ") ?? []
        if authors == ["Unknown"] {
            authors = (book.referenceText("mobitool-i.txt") ?? "").split(separator: "\n")
                .filter { $0.hasPrefix("Creator (100): ") }.map { String($0.dropFirst("Creator (100): ".count)) }
        }
        #expect(meta.authors == authors)
        #expect(meta.language.map(Self.primary) == expected["Languages"].map(Self.primary))
        if let producer = expected["Book Producer"] { #expect(meta.fields["contributor"] == producer) }
        if let publisher = expected["Publisher"] { #expect(meta.publisher == publisher) }
        if let identifiers = expected["Identifiers"] { #expect(meta.identifiers == [identifiers]) }
        // The KF8 part of a combined file carries the same metadata.
        if let kf8 = MOBIHeader.kf8RecordIndex(in: pdb), kf8 > 0 {
            let part = MOBIMetadata.make(header: try MOBIHeader.parse(pdb.record(kf8)), pdbName: pdb.name)
            #expect(part.title == meta.title)
            #expect(part.authors == meta.authors)
            #expect(part.language == meta.language)
        }
    }

    @Test("the DRM sample is recognised, and named as mobitool names it")
    func drmSample() throws {
        let book = try #require(MOBICorpus.books.first { $0.isDRMSample })
        let pdb = try book.open()
        let header = try MOBIHeader.parse(pdb.record(0))
        #expect(header.isDRMProtected)
        #expect(header.encryptionType == 1)
        #expect(!header.hasMOBIHeader)
        // calibre's ebook-meta fails on this file; mobitool shows the PDB name.
        let meta = MOBIMetadata.make(header: header, pdbName: pdb.name)
        #expect(meta.title == book.referenceFields("mobitool-i.txt")["name"])
        #expect(meta.title == "Libmobi test sample")
    }
}

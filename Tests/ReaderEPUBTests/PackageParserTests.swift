import Testing
import ReaderCore
@testable import ReaderEPUB

@Suite struct PackageParserTests {
    static let epub3 = """
    <?xml version="1.0" encoding="UTF-8"?>
    <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
        <dc:identifier id="isbn">urn:isbn:0000000000</dc:identifier>
        <dc:identifier id="uid">urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427</dc:identifier>
        <dc:title id="t2">A Subtitle</dc:title>
        <dc:title id="t1">The Main Title</dc:title>
        <meta refines="#t1" property="title-type">main</meta>
        <meta refines="#t2" property="title-type">subtitle</meta>
        <dc:creator id="c1">Ann Writer</dc:creator>
        <meta refines="#c1" property="role" scheme="marc:relators">aut</meta>
        <meta refines="#c1" property="file-as">Writer, Ann</meta>
        <dc:creator id="c2">Ben Painter</dc:creator>
        <meta refines="#c2" property="role" scheme="marc:relators">ill</meta>
        <dc:language>en</dc:language>
        <dc:publisher>Small Press</dc:publisher>
        <dc:date>2024-05-01</dc:date>
        <dc:description>&lt;p&gt;A &lt;b&gt;short&lt;/b&gt; book.&lt;/p&gt;</dc:description>
        <dc:subject>Sea</dc:subject><dc:subject>Lights</dc:subject>
        <meta property="dcterms:modified">2024-05-02T00:00:00Z</meta>
        <meta property="belongs-to-collection" id="s">Coast Tales</meta>
        <meta refines="#s" property="collection-type">series</meta>
        <meta refines="#s" property="group-position">2</meta>
        <meta property="rendition:layout">reflowable</meta>
      </metadata>
      <manifest>
        <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
        <item id="c" href="images/cover.png" media-type="image/png" properties="cover-image"/>
        <item id="ch1" href="text/ch%201.xhtml" media-type="application/xhtml+xml"/>
        <item id="notes" href="text/notes.xhtml" media-type="application/xhtml+xml"/>
        <item id="bad" href="../../evil.xhtml" media-type="application/xhtml+xml"/>
      </manifest>
      <spine page-progression-direction="ltr">
        <itemref idref="ch1"/>
        <itemref idref="notes" linear="no"/>
        <itemref idref="missing"/>
      </spine>
    </package>
    """

    @Test func readsEPUB3Metadata() throws {
        let package = try PackageParser.parse(Array(Self.epub3.utf8), path: "OEBPS/content.opf")
        let metadata = package.metadata
        #expect(package.version == "3.0")
        #expect(metadata.title == "The Main Title")
        #expect(metadata.fields["subtitle"] == "A Subtitle")
        #expect(metadata.authors == ["Ann Writer"])
        #expect(metadata.contributors == [Contributor(name: "Ann Writer", roles: ["aut"], fileAs: "Writer, Ann"),
                                          Contributor(name: "Ben Painter", roles: ["ill"])])
        #expect(metadata.identifiers.first == "urn:uuid:1b4e28ba-2fa1-11d2-883f-0016d3cca427")
        #expect(metadata.identifiers.count == 2)
        #expect(metadata.language == "en")
        #expect(metadata.publisher == "Small Press")
        #expect(metadata.date == "2024-05-01")
        #expect(metadata.description == "A short book.")
        #expect(metadata.subjects == ["Sea", "Lights"])
        #expect(metadata.series == Series(name: "Coast Tales", position: "2"))
        #expect(metadata.fields["modified"] == "2024-05-02T00:00:00Z")
        #expect(!package.isFixedLayout)
        #expect(package.pageProgressionDirection == "ltr")
    }

    @Test func resolvesManifestAndSpine() throws {
        let package = try PackageParser.parse(Array(Self.epub3.utf8), path: "OEBPS/content.opf")
        #expect(package.item(id: "ch1")?.path == "OEBPS/text/ch 1.xhtml")
        #expect(package.item(property: "cover-image")?.path == "OEBPS/images/cover.png")
        #expect(package.item(id: "bad") == nil, "an href climbing out of the container is dropped")
        #expect(package.spine.map(\.idref) == ["ch1", "notes"])
        #expect(package.spine.map(\.isLinear) == [true, false])
        #expect(package.warnings.contains { $0.contains("missing") })
        #expect(package.warnings.contains { $0.contains("evil") })
    }

    @Test func readsEPUB2Conventions() throws {
        let opf = """
        <package xmlns="http://www.idpf.org/2007/opf" xmlns:opf="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:title>Old Book</dc:title>
            <dc:creator opf:role="aut" opf:file-as="Doe, Jane">Jane Doe</dc:creator>
            <dc:creator opf:role="trl">Tom Translator</dc:creator>
            <dc:identifier id="id" opf:scheme="ISBN">9780000000000</dc:identifier>
            <dc:date opf:event="modification">2020</dc:date>
            <dc:date opf:event="publication">1901</dc:date>
            <meta name="cover" content="cover-img"/>
            <meta name="calibre:series" content="Old Series"/>
            <meta name="calibre:series_index" content="3.0"/>
          </metadata>
          <manifest>
            <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
            <item id="a" href="a.html" media-type="application/xhtml+xml"/>
          </manifest>
          <spine toc="ncx"><itemref idref="a"/></spine>
          <guide><reference type="cover" title="Cover" href="a.html#top"/></guide>
        </package>
        """
        let package = try PackageParser.parse(Array(opf.utf8), path: "content.opf")
        #expect(package.metadata.authors == ["Jane Doe"])
        #expect(package.metadata.contributors.last == Contributor(name: "Tom Translator", roles: ["trl"]))
        #expect(package.metadata.contributors.first?.fileAs == "Doe, Jane")
        #expect(package.metadata.date == "1901")
        #expect(package.metadata.series == Series(name: "Old Series", position: "3.0"))
        #expect(package.coverMetaContent == "cover-img")
        #expect(package.ncxID == "ncx")
        #expect(package.guide.first?.target == ResourcePath.Reference(path: "a.html", fragment: "top"))
    }

    @Test(arguments: [
        ("<package", "not well-formed"),
        ("<notpackage xmlns='http://www.idpf.org/2007/opf'/>", "no <package> root"),
        ("<package xmlns='http://www.idpf.org/2007/opf'><manifest/></package>", "no <spine>"),
        ("<package xmlns='http://www.idpf.org/2007/opf'><manifest/><spine><itemref idref='x'/></spine></package>", "empty spine"),
    ])
    func refusesBrokenPackages(opf: String, expected: String) {
        #expect(throws: ReaderError.self) { try PackageParser.parse(Array(opf.utf8), path: "content.opf") }
        do {
            _ = try PackageParser.parse(Array(opf.utf8), path: "content.opf")
        } catch {
            #expect(error.kind == .malformed)
            #expect(error.reason.contains(expected) || expected == "not well-formed", "\(error.reason)")
        }
    }
}

import Testing
import ReaderCore
import ReaderXML
import ReaderTestSupport
@testable import ReaderEPUB

@Suite struct NavigationTests {
    private func markup(_ text: String) throws -> MarkupDocument {
        try MarkupDocument.parse(Array(text.utf8), syntax: .xml, name: "nav")
    }

    @Test func readsNestedNavTOCPageListAndLandmarks() throws {
        let nav = """
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>N</title></head><body>
        <nav epub:type="toc"><h1>Contents</h1><ol>
          <li><a href="text/ch1.xhtml">One</a>
            <ol><li><a href="text/ch1.xhtml#s1">One, <em>first</em> part</a></li></ol></li>
          <li><span>Group</span><ol><li><a href="text/ch%202.xhtml">Two</a></li></ol></li>
          <li><a href="text/ch3.xhtml"><img src="x.png" alt="Three"/></a></li>
        </ol></nav>
        <nav epub:type="page-list" hidden=""><ol><li><a href="text/ch1.xhtml#p1">1</a></li><li><a href="text/ch1.xhtml#p2">2</a></li></ol></nav>
        <nav epub:type="landmarks"><ol><li><a epub:type="bodymatter" href="text/ch1.xhtml">Start</a></li></ol></nav>
        </body></html>
        """
        let navigation = NavDocumentParser.parse(try markup(nav), path: "OEBPS/nav.xhtml")
        #expect(navigation.toc.map(\.title) == ["One", "Group", "Three"])
        #expect(navigation.toc[0].children.first?.title == "One, first part")
        #expect(navigation.toc[0].children.first?.target == .init(path: "OEBPS/text/ch1.xhtml", fragment: "s1"))
        #expect(navigation.toc[1].target == nil)
        #expect(navigation.toc[1].children.first?.target?.path == "OEBPS/text/ch 2.xhtml")
        #expect(navigation.pageList.map(\.title) == ["1", "2"])
        #expect(navigation.landmarks.first?.type == "bodymatter")
    }

    @Test func readsNestedNCX() throws {
        let ncx = """
        <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
          <navPoint id="a" playOrder="1"><navLabel><text>Part One</text></navLabel><content src="p1.html"/>
            <navPoint id="b" playOrder="2"><navLabel><text> Chapter
               1 </text></navLabel><content src="p1.html#c1"/></navPoint>
          </navPoint>
          <navPoint id="c" playOrder="3"><navLabel><text>Part Two</text></navLabel><content src="sub/p2.html"/></navPoint>
        </navMap><pageList><pageTarget type="normal" value="7"><navLabel><text>vii</text></navLabel><content src="p1.html#pg7"/></pageTarget></pageList></ncx>
        """
        let navigation = NCXParser.parse(try markup(ncx), path: "OEBPS/toc.ncx")
        #expect(navigation.toc.map(\.title) == ["Part One", "Part Two"])
        #expect(navigation.toc[0].children.map(\.title) == ["Chapter 1"])
        #expect(navigation.toc[1].target?.path == "OEBPS/sub/p2.html")
        #expect(navigation.pageList.first?.title == "vii")
    }
}

@Suite struct PublicationLoadingTests {
    static let container = """
    <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
    <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
    """
    static let opf = """
    <package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>T</dc:title></metadata>
    <manifest><item id="a" href="a.xhtml" media-type="application/xhtml+xml"/><item id="f" href="f.otf" media-type="font/otf"/></manifest>
    <spine><itemref idref="a"/></spine></package>
    """
    static func encryption(_ uri: String, _ algorithm: String) -> String {
        """
        <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
        <enc:EncryptedData><enc:EncryptionMethod Algorithm="\(algorithm)"/>
        <enc:CipherData><enc:CipherReference URI="\(uri)"/></enc:CipherData></enc:EncryptedData></encryption>
        """
    }

    @Test func loadsAWellFormedContainer() throws {
        let resources = MemoryResources([("mimetype", "application/epub+zip"), ("META-INF/container.xml", Self.container),
                                         ("OEBPS/content.opf", Self.opf), ("OEBPS/a.xhtml", "<html/>")])
        let publication = try EPUBPublication.load(from: resources)
        #expect(publication.package.metadata.title == "T")
        #expect(publication.warnings.isEmpty)
    }

    @Test func warnsAboutMimetypeProblemsButOpens() throws {
        let wrong = MemoryResources([("mimetype", "application/zip"), ("META-INF/container.xml", Self.container),
                                     ("OEBPS/content.opf", Self.opf), ("OEBPS/a.xhtml", "<html/>")])
        #expect(try EPUBPublication.load(from: wrong).warnings.contains { $0.contains("application/zip") })
        let missing = MemoryResources([("META-INF/container.xml", Self.container), ("OEBPS/content.opf", Self.opf)])
        let publication = try EPUBPublication.load(from: missing)
        #expect(publication.warnings.contains { $0.contains("no mimetype") })
        #expect(publication.warnings.contains { $0.contains("not in the container") })
    }

    @Test func findsTheOnlyPackageWhenContainerXMLIsMissing() throws {
        let resources = MemoryResources([("mimetype", "application/epub+zip"), ("OEBPS/content.opf", Self.opf),
                                         ("OEBPS/a.xhtml", "<html/>")])
        let publication = try EPUBPublication.load(from: resources)
        #expect(publication.package.path == "OEBPS/content.opf")
        #expect(publication.warnings.contains { $0.contains("container.xml is missing") })
        let none = MemoryResources([("mimetype", "application/epub+zip"), ("OEBPS/a.xhtml", "<html/>")])
        #expect(throws: ReaderError.self) { try EPUBPublication.load(from: none) }
    }

    @Test func refusesEncryptedContentButNotObfuscatedFonts() throws {
        var files = [("mimetype", "application/epub+zip"), ("META-INF/container.xml", Self.container),
                     ("OEBPS/content.opf", Self.opf), ("OEBPS/a.xhtml", "<html/>"), ("OEBPS/f.otf", "font")]
        let obfuscated = MemoryResources(files + [("META-INF/encryption.xml",
                                                   Self.encryption("OEBPS/f.otf", "http://www.idpf.org/2008/embedding"))])
        #expect(try EPUBPublication.load(from: obfuscated).obfuscatedPaths == ["OEBPS/f.otf"])
        files.append(("META-INF/encryption.xml", Self.encryption("OEBPS/a.xhtml", "http://www.w3.org/2001/04/xmlenc#aes128-cbc")))
        let error = readerError { _ = try EPUBPublication.load(from: MemoryResources(files)) }
        #expect(error?.kind == .encrypted)
        #expect(error?.reason.contains("DRM") == true)
    }
}

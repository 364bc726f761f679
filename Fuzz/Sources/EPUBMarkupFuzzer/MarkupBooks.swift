import FuzzSupport
import ReaderXML

/// Small EPUBs generated around one fuzzed document, so that the package, nav and NCX parsers
/// (internal to ReaderEPUB) are reached through the public backend, and the document's
/// references land on files that exist. Entries are stored with correct CRCs.
enum MarkupBooks {
    private static let file = ScratchFile(tag: "markup", extension: "epub")

    /// Opens and walks three books: the bytes as the package document; as the EPUB 3 nav
    /// document; as the EPUB 2 NCX and the first chapter.
    static func openAll(with bytes: [UInt8]) {
        // Only the NCX book has the input as a chapter: the others need Locators in one section.
        for (book, locatorSections) in [(packageBook(bytes), 1), (navBook(bytes), 1), (ncxBook(bytes), 3)] {
            file.write(book.bytes)
            DocumentWalk.openAndWalk(path: file.path, locatorSections: locatorSections)
        }
    }

    /// The bytes as `OEBPS/content.opf`; every item its manifest lists is present, with content
    /// of its media type.
    private static func packageBook(_ bytes: [UInt8]) -> StoredZip {
        var zip = container(packagePath: "OEBPS/content.opf")
        zip.add("OEBPS/content.opf", bytes)
        var added: Set<String> = []
        for item in References.elements(named: "item", in: bytes).prefix(References.maxFiles) {
            guard let href = item.attribute("href"), let path = References.entryPath(href), added.insert(path).inserted else { continue }
            let type = item.attribute("media-type") ?? ""
            let properties = item.attribute("properties") ?? ""
            if type == "application/x-dtbncx+xml" {
                zip.add(path, text: Fixtures.ncx)
            } else if properties.contains("nav") {
                zip.add(path, text: Fixtures.nav)
            } else if type.hasPrefix("image/") {
                zip.add(path, Fixtures.png)
            } else {
                zip.add(path, text: Fixtures.chapter)
            }
        }
        return zip
    }

    /// A fixed EPUB 3 package whose nav document is the bytes; the files its links name are
    /// chapters.
    private static func navBook(_ bytes: [UInt8]) -> StoredZip {
        let linked = References.linkedPaths(in: bytes)
        var zip = container(packagePath: "OEBPS/content.opf")
        zip.add("OEBPS/content.opf", text: Fixtures.package(version: "3.0", special: """
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            """, linked: linked, firstSpineItem: nil, spineAttributes: ""))
        zip.add("OEBPS/nav.xhtml", bytes)
        addChapters(linked, to: &zip)
        return zip
    }

    /// A fixed EPUB 2 package whose NCX is the bytes, and whose first chapter is the bytes too.
    private static func ncxBook(_ bytes: [UInt8]) -> StoredZip {
        let linked = References.linkedPaths(in: bytes)
        var zip = container(packagePath: "OEBPS/content.opf")
        zip.add("OEBPS/content.opf", text: Fixtures.package(version: "2.0", special: """
            <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
            <item id="first" href="first.xhtml" media-type="application/xhtml+xml"/>
            """, linked: linked, firstSpineItem: "first", spineAttributes: #" toc="ncx""#))
        zip.add("OEBPS/toc.ncx", bytes)
        zip.add("OEBPS/first.xhtml", bytes)
        addChapters(linked, to: &zip)
        return zip
    }

    private static func container(packagePath: String) -> StoredZip {
        var zip = StoredZip()
        zip.add("mimetype", text: "application/epub+zip")
        zip.add("META-INF/container.xml", text: Fixtures.container(packagePath: packagePath))
        return zip
    }

    /// The fixed chapter and cover, and a chapter for each linked file the book does not hold yet.
    private static func addChapters(_ linked: [(href: String, path: String)], to zip: inout StoredZip) {
        let reserved: Set = ["OEBPS/content.opf", "OEBPS/nav.xhtml", "OEBPS/toc.ncx", "OEBPS/first.xhtml",
                             "OEBPS/fixed.xhtml", "OEBPS/cover.png"]
        zip.add("OEBPS/fixed.xhtml", text: Fixtures.chapter)
        zip.add("OEBPS/cover.png", Fixtures.png)
        for (_, path) in linked where !reserved.contains(path) {
            zip.add(path, text: Fixtures.chapter)
        }
    }
}

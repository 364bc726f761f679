/// The fixed files of the generated books.
enum Fixtures {
    static func container(packagePath: String) -> String {
        """
        <?xml version="1.0"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles><rootfile full-path="\(packagePath)" media-type="application/oebps-package+xml"/></rootfiles>
        </container>
        """
    }

    /// A package with metadata, the `special` manifest items, a cover, one chapter per linked
    /// file and a fixed one; the spine starts with `firstSpineItem` when there is one.
    static func package(version: String, special: String, linked: [(href: String, path: String)],
                        firstSpineItem: String?, spineAttributes: String) -> String {
        let items = linked.enumerated().map { index, link in
            #"<item id="linked-\#(index)" href="\#(escaped(link.href))" media-type="application/xhtml+xml"/>"#
        }
        let itemrefs = (firstSpineItem.map { [#"<itemref id="first-ref" idref="\#($0)"/>"#] } ?? [])
            + linked.indices.map { #"<itemref idref="linked-\#($0)"/>"# }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="\(version)" unique-identifier="uid">
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:identifier id="uid">urn:uuid:fuzz</dc:identifier><dc:title>Fuzz</dc:title>
            <dc:creator>Fuzzer</dc:creator><dc:language>en</dc:language><meta name="cover" content="cover-image"/>
          </metadata>
          <manifest>
            \(special)
            <item id="cover-image" href="cover.png" media-type="image/png" properties="cover-image"/>
            <item id="fixed" href="fixed.xhtml" media-type="application/xhtml+xml"/>
            \(items.joined(separator: "\n    "))
          </manifest>
          <spine\(spineAttributes)>
            \(itemrefs.joined(separator: "\n    "))
            <itemref id="fixed-ref" idref="fixed" linear="no"/>
          </spine>
        </package>
        """
    }

    static let chapter = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
        <head><title>Fixed</title></head>
        <body><section id="s1"><h1 id="h1">Heading</h1><p id="p1">One <em>two</em> three.</p>
        <span epub:type="pagebreak" id="page-1" title="1"/><p id="p2">Four<br/>five <img src="cover.png" alt="six"/>.</p>
        <ol><li id="l1">Item</li></ol></section></body></html>
        """

    static let nav = """
        <?xml version="1.0" encoding="UTF-8"?>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>Nav</title></head>
        <body><nav epub:type="toc"><ol><li><a href="fixed.xhtml#p1">One</a><ol><li><a href="fixed.xhtml#p2">Two</a></li></ol></li></ol></nav>
        <nav epub:type="landmarks"><ol><li><a epub:type="cover" href="fixed.xhtml">Cover</a></li></ol></nav></body></html>
        """

    static let ncx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><navMap>
        <navPoint id="n1"><navLabel><text>One</text></navLabel><content src="fixed.xhtml#p1"/></navPoint>
        </navMap><pageList><pageTarget value="1"><navLabel><text>1</text></navLabel><content src="fixed.xhtml#page-1"/></pageTarget></pageList></ncx>
        """

    /// A 1×1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
        0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
        0x42, 0x60, 0x82,
    ]

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}

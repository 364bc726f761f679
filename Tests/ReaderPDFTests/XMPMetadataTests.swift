import Testing
@testable import ReaderPDF

/// Reading XMP packets: element and attribute forms, language alternatives, broken packets.
@Suite struct XMPMetadataTests {
    static let elements = """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
           <dc:title><rdf:Alt>
             <rdf:li xml:lang="de">Der Titel</rdf:li>
             <rdf:li xml:lang="x-default">The  Title</rdf:li>
           </rdf:Alt></dc:title>
           <dc:creator><rdf:Seq><rdf:li>Ada Lovelace</rdf:li><rdf:li>Charles Babbage</rdf:li></rdf:Seq></dc:creator>
           <dc:description><rdf:Alt><rdf:li xml:lang="en">Notes on the engine</rdf:li></rdf:Alt></dc:description>
           <dc:subject><rdf:Bag><rdf:li>engines</rdf:li><rdf:li> </rdf:li><rdf:li>numbers</rdf:li></rdf:Bag></dc:subject>
           <dc:language><rdf:Bag><rdf:li>en-GB</rdf:li></rdf:Bag></dc:language>
          </rdf:Description>
          <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">
           <pdf:Keywords>analytical, engine</pdf:Keywords>
           <pdf:Producer>Writer 1.0</pdf:Producer>
           <xmp:CreatorTool>Quill</xmp:CreatorTool>
           <xmp:CreateDate>1843-09-01T10:00:00Z</xmp:CreateDate>
           <xmp:ModifyDate>1843-10-01T10:00:00+01:00</xmp:ModifyDate>
          </rdf:Description>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """

    @Test func childElements() {
        let xmp = XMPMetadata(packet: Self.elements)
        #expect(xmp.title == "The Title", "x-default preferred, white space collapsed")
        #expect(xmp.creators == ["Ada Lovelace", "Charles Babbage"])
        #expect(xmp.description == "Notes on the engine")
        #expect(xmp.subjects == ["engines", "numbers"])
        #expect(xmp.language == "en-GB")
        #expect(xmp.keywords == "analytical, engine")
        #expect(xmp.producer == "Writer 1.0")
        #expect(xmp.creatorTool == "Quill")
        #expect(xmp.createDate == "1843-09-01T10:00:00Z")
        #expect(xmp.modifyDate == "1843-10-01T10:00:00+01:00")
    }

    @Test("Ghostscript's literal () for an empty Info string is no value")
    func ghostscriptEmptyParentheses() {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">
             <dc:title><rdf:Alt><rdf:li xml:lang="x-default">()</rdf:li></rdf:Alt></dc:title>
             <dc:creator><rdf:Seq><rdf:li>()</rdf:li></rdf:Seq></dc:creator>
             <dc:subject><rdf:Bag><rdf:li>()</rdf:li><rdf:li>maps</rdf:li></rdf:Bag></dc:subject>
             <dc:description><rdf:Alt><rdf:li xml:lang="x-default">( )</rdf:li></rdf:Alt></dc:description>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let xmp = XMPMetadata(packet: packet)
        #expect(xmp.title == nil)
        #expect(xmp.creators.isEmpty)
        #expect(xmp.subjects == ["maps"])
        #expect(xmp.description == nil)
    }

    @Test func attributesOfDescription() {
        let packet = """
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
              xmlns:dc="http://purl.org/dc/elements/1.1/"
              pdf:Producer="Acrobat Distiller" pdf:Keywords="a; b" xmp:CreatorTool="Word"
              xmp:CreateDate="2001-02-03T04:05:06Z" xmp:ModifyDate="2001-02-04T04:05:06Z">
              <dc:title>Plain title</dc:title>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        let xmp = XMPMetadata(packet: packet)
        #expect(xmp.producer == "Acrobat Distiller")
        #expect(xmp.keywords == "a; b")
        #expect(xmp.creatorTool == "Word")
        #expect(xmp.createDate == "2001-02-03T04:05:06Z")
        #expect(xmp.modifyDate == "2001-02-04T04:05:06Z")
        #expect(xmp.title == "Plain title")
    }

    @Test("broken, empty, foreign and hostile packets give empty metadata", arguments: [
        "", "not xml at all", "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF>",
        "<root><child>no RDF here</child></root>",
        "<!DOCTYPE r [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><r>&e;</r>",
    ])
    func emptyResults(packet: String) {
        #expect(XMPMetadata(packet: packet) == XMPMetadata())
    }
}

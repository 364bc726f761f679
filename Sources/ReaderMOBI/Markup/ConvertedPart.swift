import ReaderCore
import ReaderHTML
import ReaderXML

/// One part of a MOBI or KF8 book turned into blocks, with what Locators and links need.
struct ConvertedPart: Sendable {
    /// The blocks.
    let content: SectionContent
    /// Element ids (the book's own and the anchors put in) and the source offset each stands at.
    let anchors: [String: Int]
    /// The UTF-16 length of the part's source text.
    let sourceLength: Int
    /// Source offset ↔ `filepos` conversion (MOBI 6 only).
    let fileposTable: FileposTable?
    /// The links, with targets as rewritten (`#filepos123`, `part0002.xhtml#pos45`).
    let links: [HTMLLink]
    /// The part's source text, for the filepos table and link titles (MOBI 6 only; empty for KF8,
    /// which needs neither).
    let sourceText: [UInt16]
    /// Parser and converter warnings.
    let warnings: [String]

    /// Parses anchored UTF-8 markup and converts it.
    /// - Parameters:
    ///   - name: how messages name the part.
    ///   - exactAnchors: anchors that sit at known stream offsets, for the filepos table.
    ///   - fileposRange: the part's stream range when it is MOBI 6, else nil.
    ///   - isXHTML: whether the markup is KF8's XHTML (read as XML, as HTML when not well-formed)
    ///     rather than MOBI 6's HTML.
    static func convert(_ markup: [UInt8], name: String, exactAnchors: [(id: String, offset: Int)] = [],
                        fileposRange: Range<Int>? = nil, singleByteStream: Bool = false,
                        isXHTML: Bool = false) throws(ReaderError) -> ConvertedPart {
        let converted: HTMLContent
        let document: MarkupDocument
        var warnings: [String] = []
        do {
            (document, warnings) = try parse(markup, name: name, isXHTML: isXHTML)
        } catch {
            // A part with no element at all (text only, or nothing) still reads as one paragraph.
            if markup.allSatisfy(MarkupAnchoring.isSpace) {
                return ConvertedPart(content: SectionContent(blocks: []), anchors: [:], sourceLength: 0, fileposTable: nil,
                                     links: [], sourceText: [], warnings: [])
            }
            throw ReaderError(.malformed, reason: "\(name): \(error.lineAndReason)", cause: error)
        }
        converted = HTMLBlockConverter(options: HTMLConversionOptions(keepsSourceText: fileposRange != nil)).convert(document)
        let sourceOffsets = converted.pathIndex.anchors.mapValues(\.sourceOffset)
        let text = fileposRange == nil ? [] : (converted.sourceText ?? "").utf16Units
        let table = fileposRange.map {
            FileposTable(anchors: exactAnchors, sourceOffsets: sourceOffsets, text: text, singleByte: singleByteStream,
                         fileposRange: $0)
        }
        var blocks = converted.blocks
        for index in blocks.indices where blocks[index].anchorID.map(Self.isRunAnchor) == true {
            blocks[index].anchorID = nil
        }
        warnings = (warnings + document.warnings + converted.warnings).filter { !Self.isExpectedMOBIMarkup($0) }
        return ConvertedPart(content: SectionContent(blocks: blocks), anchors: sourceOffsets,
                             sourceLength: converted.pathIndex.sourceLength, fileposTable: table, links: converted.links,
                             sourceText: text, warnings: warnings)
    }

    /// MOBI text carries no encoding declaration; it is UTF-8 here (Windows-1252 books are converted
    /// first). KF8 XHTML that is not well-formed falls back to the HTML parser, as EPUB does.
    private static func parse(_ markup: [UInt8], name: String,
                              isXHTML: Bool) throws(MarkupError) -> (MarkupDocument, [String]) {
        if isXHTML, let document = try? MarkupDocument.parse(markup, syntax: .xml, name: name) {
            return (document, [])
        }
        let document = try MarkupDocument.parse(markup, syntax: .html, name: name, encoding: "UTF-8")
        return (document, isXHTML ? ["\(name): not well-formed XML; read as HTML"] : [])
    }

    /// Whether a parser message is about markup every MOBI writer produces: `<mbp:pagebreak>`,
    /// and the `</br>` and `</hr>` that calibre and Kindlegen close empty elements with.
    private static func isExpectedMOBIMarkup(_ warning: String) -> Bool {
        warning.contains("pagebreak invalid") || warning.hasSuffix("Unexpected end tag : br")
            || warning.hasSuffix("Unexpected end tag : hr") || warning.hasSuffix("Unexpected end tag : img")
    }

    /// Whether an id is one of the text-run anchors the backend put in (not a link target).
    static func isRunAnchor(_ id: String) -> Bool {
        id.hasPrefix("_r") && Int(id.dropFirst(2)) != nil
    }
}

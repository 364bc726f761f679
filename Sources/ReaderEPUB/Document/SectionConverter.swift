import ReaderCore
import ReaderHTML
import ReaderXML

/// Reads one spine resource and turns it into blocks: XHTML and SVG through the XML parser (the
/// HTML parser when they are not well-formed), HTML through the HTML parser, an image as one
/// image block.
enum SectionConverter {
    static func convert(_ section: EPUBSection, resources: any EPUBResources) throws(ReaderError) -> ConvertedSection {
        let item = section.item
        let mediaType = item.mediaType.lowercased()
        if mediaType.hasPrefix("image/"), mediaType != "image/svg+xml" {
            let block = Block(kind: .image(source: item.path), text: "", sourceMap: SourceMap(), spacingBefore: 0)
            return ConvertedSection(content: SectionContent(blocks: [block]), pathIndex: ContentPathIndex(),
                                    sourceText: "", title: nil, warnings: [])
        }
        let bytes = try resources.read(item.path)
        let document: MarkupDocument
        do {
            document = mediaType == "text/html"
                ? try MarkupDocument.parse(bytes, syntax: .html, name: item.path)
                : try MarkupDocument.parseXMLOrHTML(bytes, name: item.path)
        } catch {
            throw ReaderError(.malformed, reason: "content document \(error)")
        }
        let converted = HTMLBlockConverter(options: HTMLConversionOptions(keepsSourceText: true)).convert(document)
        let firstHeading = converted.blocks.first(where: \.isHeading)?.text
        return ConvertedSection(content: SectionContent(blocks: converted.blocks), pathIndex: converted.pathIndex,
                                sourceText: converted.sourceText ?? "", title: converted.title ?? firstHeading,
                                warnings: document.warnings + converted.warnings)
    }
}

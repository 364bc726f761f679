import ReaderCore
import ReaderHTML
import ReaderXML
import ReaderZip

/// Reads one spine resource and turns it into blocks: XHTML and SVG through the XML parser (the
/// HTML parser when they are not well-formed), HTML through the HTML parser, an image as one
/// image block.
enum SectionConverter {
    static func convert(_ section: EPUBSection, resources: any EPUBResources) throws(ReaderError) -> ConvertedSection {
        let item = section.item
        let mediaType = item.mediaType.lowercased()
        if mediaType.hasPrefix("image/"), mediaType != "image/svg+xml" {
            let block = Block(kind: .image(source: item.path), text: "", sourceMap: SourceMap(), spacingBefore: 0,
                              runs: [InlineRun(.image(ImageReference(href: item.path)), range: 0..<0)])
            return ConvertedSection(content: SectionContent(blocks: [block]), pathIndex: ContentPathIndex(),
                                    sourceText: "", startPath: nil, title: nil, warnings: [])
        }
        let bytes: [UInt8]
        do {
            bytes = try resources.read(item.path)
        } catch where (error.cause as? ZipError)?.kind == .malformed {
            return damaged(item, reason: error.reason)
        }
        let document = try Self.parseMarkup(bytes, of: item)
        let converted = HTMLBlockConverter(options: HTMLConversionOptions(keepsSourceText: true)).convert(document)
        let firstHeading = converted.blocks.first(where: \.isHeading)?.text
        var blocks = converted.blocks
        resolveReferences(in: &blocks, of: item.path)
        return ConvertedSection(content: SectionContent(blocks: blocks), pathIndex: converted.pathIndex,
                                sourceText: converted.sourceText ?? "", startPath: startPath(of: document),
                                title: converted.title ?? firstHeading,
                                warnings: (document.warnings + converted.warnings).map { DocumentWarning(.malformedContent, message: $0) })
    }

    /// A content document whose entry cannot be read (it fails its CRC, does not inflate, is cut
    /// short): a section holding a visible notice, so the rest of the book reads.
    private static func damaged(_ item: PackageDocument.Item, reason: String) -> ConvertedSection {
        let block = Block.damagedNotice(item.path)
        return ConvertedSection(content: SectionContent(blocks: [block]), pathIndex: ContentPathIndex(),
                                sourceText: "", startPath: nil, title: nil,
                                warnings: [DocumentWarning(.damagedContent, severity: .errorRecovered,
                                                           message: "\(item.path) is damaged and is shown as a notice: \(reason)")])
    }

    /// Links and images as container paths: a link into the book becomes the target's path (and
    /// fragment), an external or unresolvable one stays as written.
    private static func resolveReferences(in blocks: inout [Block], of path: String) {
        for index in blocks.indices {
            blocks[index].resolveReferences(
                links: { target in
                    guard case .resource(let href, let fragment) = target else { return target }
                    let written = href + (fragment.map { "#" + $0 } ?? "")
                    guard let reference = ResourcePath.resolve(written, relativeTo: path) else { return target }
                    return .resource(href: reference.path, fragment: reference.fragment)
                },
                images: { href in ResourcePath.resolve(href, relativeTo: path)?.path ?? href })
        }
    }

    /// The CFI steps from the root to `<body>`, or to the root's first child element.
    private static func startPath(of document: MarkupDocument) -> [CFIStep]? {
        guard let children = document.root?.elements, !children.isEmpty else { return nil }
        let index = children.firstIndex { $0.name.lowercased() == "body" } ?? 0
        return [CFIStep(index: 2 * (index + 1), id: children[index].id)]
    }

    /// A content document's tree: XHTML and SVG through the XML parser (the HTML parser when they
    /// are not well-formed), HTML through the HTML parser.
    /// - Throws: ``ReaderError`` of kind `malformed` when neither parser can read it.
    static func parseMarkup(_ bytes: [UInt8], of item: PackageDocument.Item) throws(ReaderError) -> MarkupDocument {
        do {
            return item.mediaType.lowercased() == "text/html"
                ? try MarkupDocument.parse(bytes, syntax: .html, name: item.path)
                : try MarkupDocument.parseXMLOrHTML(bytes, name: item.path)
        } catch {
            throw ReaderError(.malformed, reason: "content document \(error)", cause: error)
        }
    }
}

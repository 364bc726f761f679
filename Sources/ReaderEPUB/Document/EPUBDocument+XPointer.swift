import ReaderCore
import ReaderHTML
import ReaderXML

extension EPUBDocument: XPointerProviding {
    /// crengine's XPointer: `/body/DocFragment[N]` for the N-th spine item (1-based), then the
    /// path inside its `<body>` read from the content document's tree along the position's CFI
    /// path. A position the tree cannot place (a picture-only page) points at the fragment's body.
    func xpointer(at position: TextPosition) throws(ReaderError) -> String {
        let section = sections[position.section]
        let fragment = "/body/DocFragment[\(section.spineIndex + 1)]/body"
        let converted = try htmlBook.section(position.section)
        let blocks = converted.content.blocks
        let offset = blocks.indices.contains(position.block)
            ? blocks[position.block].sourceMap.sourceOffset(forTextOffset: position.offset) ?? 0 : 0
        guard let place = converted.pathIndex.cfiPath(forSourceOffset: offset) else { return fragment }
        let markup: MarkupDocument
        do throws(ReaderError) {
            markup = try SectionConverter.parseMarkup(try container.read(section.item.path), of: section.item)
        } catch {
            throw error.locating(file: path, format: format)
        }
        guard let root = markup.root, let inside = CREngineXPointer.path(of: place, in: root) else { return fragment }
        return fragment + inside
    }
}

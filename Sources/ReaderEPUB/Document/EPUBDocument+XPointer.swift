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

    /// The position of crengine's XPointer: `/body/DocFragment[N]` names the N-th spine item, the
    /// rest the place inside its `<body>`, turned into a CFI and resolved as one (a path that no
    /// longer matches the tree falls back to the fragment's start); nil for another spine item.
    func textPosition(forXPointer xpointer: String) throws(ReaderError) -> TextPosition? {
        let prefix = "/body/DocFragment["
        guard xpointer.hasPrefix(prefix), let close = xpointer.firstIndex(of: "]"),
              let number = Int(xpointer[xpointer.index(xpointer.startIndex, offsetBy: prefix.count)..<close]),
              let index = sections.firstIndex(where: { $0.spineIndex == number - 1 }) else { return nil }
        var inside = xpointer[xpointer.index(after: close)...]
        if inside.hasPrefix("/body") { inside = inside.dropFirst("/body".count) }
        let section = sections[index]
        let markup: MarkupDocument
        do throws(ReaderError) {
            markup = try SectionConverter.parseMarkup(try container.read(section.item.path), of: section.item)
        } catch {
            throw error.locating(file: path, format: format)
        }
        let spineStep = "/6/\(2 * (section.spineIndex + 1))!"
        if let root = markup.root, let local = CREngineXPointer.cfiPath(ofPath: String(inside), in: root),
           let found = try resolve(cfi: spineStep + local) {
            return found
        }
        return TextPosition(section: index, block: 0, offset: 0)
    }
}

import ReaderCore
import ReaderHTML

/// The one section of a web page: the article (or whole page) converted to blocks.
struct WebSection: HTMLBookSection {
    let content: SectionContent
    let sourceLength: Int
    let anchors: [String: Int]

    init(_ converted: HTMLContent) {
        content = SectionContent(blocks: converted.blocks)
        sourceLength = converted.pathIndex.sourceLength
        anchors = converted.pathIndex.anchors.mapValues(\.sourceOffset)
    }

    func sourceOffset(ofAnchor id: String) -> Int? { anchors[id] }
}

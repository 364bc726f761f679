import ReaderHTML

extension ConvertedSection: HTMLBookSection {
    /// The UTF-16 length of the content document's source text.
    var sourceLength: Int { pathIndex.sourceLength }

    /// Where an element id stands in the source text.
    func sourceOffset(ofAnchor id: String) -> Int? { pathIndex.anchors[id]?.sourceOffset }
}

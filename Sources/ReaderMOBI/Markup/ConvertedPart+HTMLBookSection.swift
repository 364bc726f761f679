import ReaderHTML

extension ConvertedPart: HTMLBookSection {
    /// Where an element id (the book's own or an anchor put in) stands in the source text.
    func sourceOffset(ofAnchor id: String) -> Int? { anchors[id] }
}

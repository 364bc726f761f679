import ReaderCore

/// What a caller that writes a document into several files of its own (the EPUB exporter) decides
/// in place of ``HTMLRenderer``'s one-page rules: where links and images lead, which markers a
/// block carries and which blocks are notes. The blocks' own element ids are not written then:
/// the caller places the anchors its links need as markers.
package struct HTMLRenderingHooks {
    /// The href of a link into the document from section `section`; nil writes no href.
    package var linkHref: (_ target: LinkTarget, _ section: Int) -> String?
    /// The `src` of an image; nil writes its alternative text instead.
    package var imageSource: (ImageReference) -> String?
    /// The markers to place in `block`, block `index` of section `section`, sorted by offset.
    package var markers: (_ section: Int, _ index: Int, _ block: Block) -> [InlineMarker]
    /// The id of the footnote a paragraph (block `index` of section `section`) is, or nil; asked
    /// of paragraphs and quoted paragraphs only.
    package var noteID: (_ section: Int, _ index: Int) -> String?

    /// Creates hooks.
    package init(linkHref: @escaping (LinkTarget, Int) -> String?, imageSource: @escaping (ImageReference) -> String?,
                 markers: @escaping (Int, Int, Block) -> [InlineMarker], noteID: @escaping (Int, Int) -> String?) {
        self.linkHref = linkHref
        self.imageSource = imageSource
        self.markers = markers
        self.noteID = noteID
    }
}

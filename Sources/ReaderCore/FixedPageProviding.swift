/// Documents laid out in fixed pages of their own (PDF), apart from the screen pages the
/// ``Paginator`` makes: their pages' reflowed text, where each starts, and a table of contents of
/// page ranges for files without an outline.
public protocol FixedPageProviding {
    /// The number of fixed pages.
    var pageCount: Int { get }
    /// Page `page`'s (1-based) own text as blocks, reflowed but cut at the page's edges.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` for a page that does not exist.
    func blocks(onPage page: Int) throws(ReaderError) -> [Block]
    /// The text position where page `page`'s (1-based) text starts.
    /// - Throws: ``ReaderError`` of kind `invalidArgument` for a page that does not exist.
    func textPosition(ofPage page: Int) throws(ReaderError) -> TextPosition
    /// One entry per `pagesPerEntry` pages ("Pages 1–10", …), for a file without an outline.
    func pageRangeTableOfContents(pagesPerEntry: Int) throws(ReaderError) -> [TOCEntry]
}

/// Documents whose fixed pages can be drawn as pictures.
public protocol PageRendering: FixedPageProviding {
    /// Draws page `page` (1-based) to a PNG file at `path`, `scale` pixels per point (1 = 72 dpi).
    /// - Throws: ``ReaderError`` for a page that does not exist, a scale out of range, or a file
    ///   that cannot be written.
    func renderPage(_ page: Int, scale: Double, to path: String) throws(ReaderError)
}

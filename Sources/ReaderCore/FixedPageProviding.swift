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
    /// The label of page `page` (1-based) where it has one other than its number (`iv`, `A-1`).
    func pageLabel(ofPage page: Int) -> String?
}

extension FixedPageProviding {
    /// No labels: pages are known by their numbers.
    public func pageLabel(ofPage page: Int) -> String? { nil }

    /// The first page labelled `label` (case ignored), nil when no page is.
    public func pageNumber(forLabel label: String) -> Int? {
        let wanted = label.lowercased()
        return (1...max(1, pageCount)).first { pageLabel(ofPage: $0)?.lowercased() == wanted }
    }
}

/// Documents whose fixed pages can be drawn as pictures.
public protocol PageRendering: FixedPageProviding {
    /// Draws page `page` (1-based) to a PNG file at `path`, `scale` pixels per point (1 = 72 dpi).
    /// - Throws: ``ReaderError`` for a page that does not exist, a scale out of range, or a file
    ///   that cannot be written.
    func renderPage(_ page: Int, scale: Double, to path: String) throws(ReaderError)
}

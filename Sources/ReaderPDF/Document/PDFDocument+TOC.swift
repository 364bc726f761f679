import ReaderCore

extension PDFDocument {
    /// The outline, nested; an entry without a page of its own takes its first child's, and one
    /// with neither is left out (its children move up).
    public func tableOfContents() throws(ReaderError) -> [TOCEntry] {
        try located { () throws(ReaderError) in try entries(outline()) }
    }

    /// One entry per `pagesPerEntry` pages (`Pages 1–10`, …), for a PDF without an outline.
    public func pageRangeTableOfContents(pagesPerEntry: Int) throws(ReaderError) -> [TOCEntry] {
        guard pagesPerEntry >= 1 else {
            throw ReaderError(.invalidArgument, file: path, format: .pdf, reason: "pages per entry must be 1 or more")
        }
        return try located { () throws(ReaderError) in
            try stride(from: 1, through: pageCount, by: pagesPerEntry).map { (first: Int) throws(ReaderError) -> TOCEntry in
                let last = min(pageCount, first + pagesPerEntry - 1)
                let title = first == last ? "Page \(first)" : "Pages \(first)–\(last)"
                return TOCEntry(title: title, locator: try pageLocator(PDFSourceOffset(page: first, offset: 0)))
            }
        }
    }

    private func entries(_ items: [PDFOutlineItem]) throws(ReaderError) -> [TOCEntry] {
        var result: [TOCEntry] = []
        for item in items {
            let children = try entries(item.children)
            guard let page = item.pageNumber ?? children.first?.locator.locations.page else {
                result += children
                continue
            }
            var locator = try pageLocator(PDFSourceOffset(page: page, offset: 0))
            locator.title = item.title
            result.append(TOCEntry(title: item.title, locator: locator, children: children))
        }
        return result
    }

    /// The title of the last outline entry, in page order, that points at `page` or before it.
    func outlineTitle(governing page: Int) -> String? {
        var best: (page: Int, title: String)?
        func visit(_ items: [PDFOutlineItem]) {
            for item in items {
                if let target = item.pageNumber, target <= page, target >= (best?.page ?? 0) { best = (target, item.title) }
                visit(item.children)
            }
        }
        visit(outline())
        return best?.title
    }
}

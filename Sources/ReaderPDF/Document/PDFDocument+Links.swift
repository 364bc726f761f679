import ReaderCore

extension PDFDocument {
    /// `blocks` with each link to a page given that page's full Locator (``pageStartLocator(_:)``:
    /// `page`, `position`, `progression` 0, the governing outline title); the reflow knows only
    /// the page.
    func completingPageLinks(_ blocks: [Block]) -> [Block] {
        guard blocks.contains(where: { $0.runs.contains(where: Self.isPageLink) }) else { return blocks }
        return blocks.map { block in
            guard block.runs.contains(where: Self.isPageLink) else { return block }
            var block = block
            block.resolveReferences(links: { target in
                guard case .locator(let locator) = target, locator.href.isEmpty, let page = locator.locations.page,
                      (1...pageCount).contains(page) else { return target }
                return .locator(pageStartLocator(page))
            }, images: { $0 })
            return block
        }
    }

    private static func isPageLink(_ run: InlineRun) -> Bool {
        if case .link(.locator(let locator)) = run.style { return locator.href.isEmpty }
        return false
    }
}

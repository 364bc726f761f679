internal import CPopplerText

/// Where each page lies in poppler's numbering. poppler leaves a page object that is not a
/// dictionary out of its page list, so the pages after it move up one and the last page numbers
/// have nothing behind them. The engine keeps the file's own numbering: a damaged page stays in
/// its place (it reads as a notice) and the pages after it keep their numbers.
struct PDFPageSlots: Sendable, Equatable {
    /// The pages (1-based, ascending) whose page object is damaged.
    let damaged: [Int]

    /// Every page where poppler has it.
    static let intact = PDFPageSlots(damaged: [])

    /// poppler's number for page `page`, nil for a damaged page.
    func popplerPage(_ page: Int) -> Int? {
        var shift = 0
        for number in damaged {
            if number == page { return nil }
            if number > page { break }
            shift += 1
        }
        return page - shift
    }

    /// The page that poppler numbers `number`.
    func page(forPoppler number: Int) -> Int {
        var page = number
        for damagedPage in damaged where damagedPage <= page { page += 1 }
        return page
    }

    /// Reads the page tree's leaves with poppler's core when the last of `pageCount` pages
    /// cannot be loaded (the sign of a page left out); `intact` when the leaves do not number
    /// `pageCount`, since the damaged ones cannot then be told apart.
    static func read(path: String, password: String?, pageCount: Int) -> PDFPageSlots {
        // A page count is the file's own claim: past a million pages no table is made for it.
        guard pageCount <= 1 << 20 else { return .intact }
        var status = RPT_OPEN_OK
        guard let document = rpt_document_open(path, password, &status) else { return .intact }
        defer { rpt_document_close(document) }
        var leaves = [UInt8](repeating: 0, count: pageCount)
        let count = Int(rpt_document_page_tree_leaves(document, &leaves, Int32(pageCount)))
        guard count == pageCount else { return .intact }
        return PDFPageSlots(damaged: leaves.indices.filter { leaves[$0] == 0 }.map { $0 + 1 })
    }
}

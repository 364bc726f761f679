import Foundation
internal import CPopplerGlib

extension PopplerDocument {
    /// Outline entries nested deeper than this are left out.
    static let maxOutlineDepth = 64
    /// The most outline entries read; a hostile outline stops here.
    static let maxOutlineItems = 100_000

    /// The outline (bookmarks), nested, in order (`poppler_index_iter_*`). Each entry's
    /// destination is resolved to a 1-based page: a direct destination by its page, a named one
    /// through `poppler_document_find_dest`; other actions (another file, a URI, …) give nil.
    /// Depth and total count are capped (``maxOutlineDepth``, ``maxOutlineItems``).
    /// A closed document has none.
    func outline() -> [PDFOutlineItem] {
        (try? withDocument { (document: OpaquePointer) -> [PDFOutlineItem] in
            guard let iterator = poppler_index_iter_new(document) else { return [] }
            defer { poppler_index_iter_free(iterator) }
            var budget = Self.maxOutlineItems
            return outlineLevel(iterator, document: document, depth: 1, budget: &budget)
        }) ?? []
    }

    /// The entries of one level, from `iterator`'s position on, with their children.
    private func outlineLevel(_ iterator: OpaquePointer, document: OpaquePointer, depth: Int,
                              budget: inout Int) -> [PDFOutlineItem] {
        var items: [PDFOutlineItem] = []
        repeat {
            guard budget > 0 else { break }
            budget -= 1
            var item = outlineItem(iterator, document: document)
            if depth < Self.maxOutlineDepth, let child = poppler_index_iter_get_child(iterator) {
                item.children = outlineLevel(child, document: document, depth: depth + 1, budget: &budget)
                poppler_index_iter_free(child)
            }
            items.append(item)
        } while poppler_index_iter_next(iterator) != 0
        return items
    }

    /// The entry at `iterator`'s position, without children.
    private func outlineItem(_ iterator: OpaquePointer, document: OpaquePointer) -> PDFOutlineItem {
        var item = PDFOutlineItem(title: "", pageNumber: nil, namedDestination: nil, children: [])
        guard let action = poppler_index_iter_get_action(iterator) else { return item }
        defer { poppler_action_free(action) }
        if let title = action.pointee.any.title {
            item.title = String(cString: title).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard action.pointee.type == POPPLER_ACTION_GOTO_DEST, let destination = action.pointee.goto_dest.dest else {
            return item
        }
        if destination.pointee.type == POPPLER_DEST_NAMED, let name = destination.pointee.named_dest {
            item.namedDestination = String(cString: name)
        }
        item.pageNumber = pageNumber(of: destination, document: document)
        return item
    }

    /// The 1-based page a destination points at: a direct one by its page, a named one through
    /// `poppler_document_find_dest`; nil when it points nowhere in this document.
    func pageNumber(of destination: UnsafeMutablePointer<PopplerDest>, document: OpaquePointer) -> Int? {
        guard destination.pointee.type == POPPLER_DEST_NAMED else { return validPage(Int(destination.pointee.page_num)) }
        guard let name = destination.pointee.named_dest, let found = poppler_document_find_dest(document, name) else {
            return nil
        }
        defer { poppler_dest_free(found) }
        return validPage(Int(found.pointee.page_num))
    }

    /// The page poppler numbers `popplerNumber`, when it is a page of this document, else nil.
    private func validPage(_ popplerNumber: Int) -> Int? {
        let number = slots.page(forPoppler: popplerNumber)
        return number >= 1 && number <= pageCount ? number : nil
    }
}

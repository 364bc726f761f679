import Foundation
import ReaderCore
internal import CPopplerGlib

extension PopplerDocument {
    /// The most link annotations read from one page; a hostile page stops here.
    static let maxLinksPerPage = 10_000

    /// The link annotations of page `pageNumber` (1-based) that lead to a URI or to a page of this
    /// document (`poppler_page_get_link_mapping`); other actions (another file, a launch, a named
    /// action such as NextPage) are left out. Rectangles are turned from poppler's user space
    /// (origin at the crop box's lower-left corner, y up) into text coordinates (y down).
    /// - Throws: ``ReaderError`` `invalidArgument` for a page outside 1...pageCount, `malformed`
    ///   when poppler cannot load the page.
    func links(ofPage pageNumber: Int) throws(ReaderError) -> [PDFLink] {
        try withPage(pageNumber) { (document: OpaquePointer, page: OpaquePointer) -> [PDFLink] in
            guard let mapping = poppler_page_get_link_mapping(page) else { return [] }
            defer { poppler_page_free_link_mapping(mapping) }
            var width = 0.0
            var height = 0.0
            poppler_page_get_size(page, &width, &height)
            var links: [PDFLink] = []
            var node: UnsafeMutablePointer<GList>? = mapping
            while let current = node, links.count < Self.maxLinksPerPage {
                node = current.pointee.next
                guard let raw = current.pointee.data else { continue }
                let link = raw.assumingMemoryBound(to: PopplerLinkMapping.self).pointee
                guard let action = link.action, let target = linkTarget(action, document: document) else { continue }
                let area = link.area
                links.append(PDFLink(rect: PDFRect(x1: min(area.x1, area.x2), y1: height - max(area.y1, area.y2),
                                                   x2: max(area.x1, area.x2), y2: height - min(area.y1, area.y2)),
                                     target: target))
            }
            return links
        }
    }

    private func linkTarget(_ action: UnsafeMutablePointer<PopplerAction>, document: OpaquePointer) -> PDFLinkTarget? {
        switch action.pointee.type {
        case POPPLER_ACTION_URI:
            guard let uri = action.pointee.uri.uri else { return nil }
            let text = String(cString: uri).trimmingCharacters(in: .whitespacesAndNewlines)
            return text.isEmpty ? nil : .uri(text)
        case POPPLER_ACTION_GOTO_DEST:
            guard let destination = action.pointee.goto_dest.dest else { return nil }
            return pageNumber(of: destination, document: document).map(PDFLinkTarget.page)
        default:
            return nil
        }
    }
}

extension PopplerDocument {
    /// The text of page `pageNumber` (``pageText(_:)``) with its links (``linksIgnoringErrors(ofPage:)``):
    /// what the reflow reads of a page.
    func pageTextAndLinks(_ pageNumber: Int) throws(ReaderError) -> PDFPageText {
        var text = try pageText(pageNumber)
        if text.mayHaveLinks { text.links = linksIgnoringErrors(ofPage: pageNumber) }
        return text
    }

    /// ``links(ofPage:)``, or none when poppler cannot load the page: links only add to a page's
    /// text, whose own reading reports a page that cannot be loaded.
    func linksIgnoringErrors(ofPage pageNumber: Int) -> [PDFLink] {
        (try? links(ofPage: pageNumber)) ?? []
    }

    /// Reads pages' links for read-ahead threads. Like ``textDocumentOpener()`` it does not hold
    /// this document: the reflow holds it while its workers run and stops them before letting go,
    /// so a worker's call never outlives the document or is the one that closes it.
    func linkReader() -> @Sendable (Int) -> [PDFLink] {
        { [weak self] page in self?.linksIgnoringErrors(ofPage: page) ?? [] }
    }
}

import ReaderCore
@testable import ReaderEPUB
import ReaderXML

/// The text of an opened EPUB as the corpus tests compare it with calibre's: every block of every
/// section, and the text the engine deliberately does not show.
///
/// Two documented choices of the engine differ from calibre's TXT output, and only these are
/// normalised:
/// - Spine items marked `linear="no"` come after the main flow in our reading order
///   (``EPUBDocument``); calibre keeps spine order. ``shown`` is in spine order.
/// - Content that HTML never renders is not shown (``ReaderHTML/HTMLBlockConverter``): elements
///   with the `hidden` attribute or an inline `display: none`/`visibility: hidden`, print
///   page-number markers (`epub:type="pagebreak"`, kept as page numbers, not text), and ruby
///   annotations (`rt`, `rp`), of which we show only the base text. calibre's TXT output prints
///   them. ``unshown`` collects that text so that the calibre words it accounts for, and only
///   those left unmatched, are excused.
struct EPUBBookText {
    /// Our text: list markers and block text, one block a line, sections in spine order.
    var shown: String
    /// Text inside hidden elements, page-number markers and ruby annotations, in all sections.
    var unshown: String

    /// Reads every section's blocks, and its content document again for what is not shown.
    init(_ document: EPUBDocument) throws {
        var shown = ""
        var unshown = ""
        let order = document.sections.indices.sorted { document.sections[$0].spineIndex < document.sections[$1].spineIndex }
        for index in order {
            for block in try document.content(ofSection: index).blocks {
                if case .listItem(let marker) = block.kind { shown += marker + " " }
                shown += block.text + "\n"
            }
            let item = document.sections[index].item
            guard !item.mediaType.hasPrefix("image/") || item.mediaType == "image/svg+xml" else { continue }
            let markup = try MarkupDocument.parseXMLOrHTML(try document.container.read(item.path), name: item.path)
            if let root = markup.root { Self.collectUnshown(root, into: &unshown) }
        }
        self.shown = shown
        self.unshown = unshown
    }

    private static func collectUnshown(_ element: MarkupElement, into text: inout String) {
        for child in element.elements {
            if isUnshown(child) {
                text += child.text + "\n"
            } else {
                collectUnshown(child, into: &text)
            }
        }
    }

    private static func isUnshown(_ element: MarkupElement) -> Bool {
        if ["rt", "rp"].contains(element.name) || element.attribute("hidden") != nil { return true }
        let types = (element.attribute("type", namespace: MarkupNamespace.epubOPS) ?? "") + " " + (element.attribute("role") ?? "")
        if types.split(separator: " ").contains(where: { $0 == "pagebreak" || $0 == "doc-pagebreak" }) { return true }
        let style = (element.attribute("style") ?? "").lowercased().filter { !$0.isWhitespace }
        return style.contains("display:none") || style.contains("visibility:hidden")
    }
}

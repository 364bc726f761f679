import ReaderCore
import ReaderRendering

/// A block's place in the document: its section and its index there.
struct BlockAddress: Hashable, Comparable, Sendable {
    var section: Int
    var block: Int

    static func < (lhs: BlockAddress, rhs: BlockAddress) -> Bool {
        (lhs.section, lhs.block) < (rhs.section, rhs.block)
    }
}

/// One content document of the export: where it starts in the document.
struct ExportFile: Sendable {
    /// The file name inside `text/` (`c0001.xhtml`).
    var name: String
    /// Its first block.
    var start: BlockAddress
    /// Whether it belongs to the main reading order.
    var isLinear: Bool
    /// Its first heading's text, for its `<title>`.
    var title: String?
}

/// A place in the export: a content document and an id in it (nil: its start).
struct ExportHref: Hashable, Sendable {
    var file: String
    var fragment: String?

    /// The href relative to a document in `text/` (`prefix` ""), or to the package folder (`"text/"`).
    func relative(prefix: String) -> String {
        prefix + file + (fragment.map { "#" + $0 } ?? "")
    }
}

/// A link as the first pass found it: its target, and the section it was in when its href is
/// relative to that section.
struct LinkKey: Hashable, Sendable {
    var target: LinkTarget
    var section: Int

    init(_ target: LinkTarget, in section: Int) {
        self.target = target
        if case .resource(let href, _) = target, href.isEmpty { self.section = section } else { self.section = -1 }
    }
}

/// A table-of-contents entry of the export.
struct ExportTOCEntry: Sendable {
    var title: String
    var href: ExportHref
    var children: [ExportTOCEntry]
    /// Where it leads in the document, when that is known.
    var position: TextPosition? = nil
}

/// What the first pass over a document decides before anything is written: the content
/// documents and where each starts, the anchors links, the TOC and the page list lead to, the
/// paragraphs that are footnotes, and the images to copy.
struct ExportPlan: Sendable {
    var files: [ExportFile] = []
    /// Anchors (empty spans, page-break markers) to place in blocks, sorted by offset.
    var markers: [BlockAddress: [InlineMarker]] = [:]
    /// The ids of paragraphs that note references lead to.
    var notes: [BlockAddress: String] = [:]
    /// Where each link leads; absent when it leads nowhere in the document.
    var links: [LinkKey: ExportHref] = [:]
    /// The image hrefs blocks name, in the order first met.
    var imageHrefs: [String] = []
    /// The table of contents.
    var toc: [ExportTOCEntry] = []
    /// The print pages (label and place), for the page list.
    var pages: [(label: String, href: ExportHref)] = []
    /// Whether the first block written is a picture (a cover page of the source's own).
    var startsWithImage = false

    /// The file holding a block: the last one starting at or before it.
    func fileIndex(of address: BlockAddress) -> Int {
        var low = 0, high = files.count
        while low < high {
            let mid = (low + high) / 2
            if files[mid].start <= address { low = mid + 1 } else { high = mid }
        }
        return max(low - 1, 0)
    }
}

/// One entry of a MOBI or KF8 NCX index: a table-of-contents line.
///
/// Tags (calibre `ebooks/mobi/reader/ncx.py`, libmobi `opf.c`): 1 file position (MOBI 6: a byte
/// offset in the text; KF8: an insert coordinate), 2 length, 3 CNCX offset of the title, 4 depth
/// (0 outermost), 5 CNCX offset of the class, 6 KF8 position `[fid, off]`, 21 parent entry,
/// 22 first child, 23 last child.
struct NCXEntry: Hashable, Sendable {
    /// The entry's position in the index.
    let index: Int
    /// The entry's label in the index (a hexadecimal sequence number, not a title).
    let label: String
    /// The title from the CNCX table; empty when the entry has none or its offset is not in the table.
    let title: String
    /// The nesting depth (tag 4), 0 for top-level entries.
    let depth: Int
    /// The parent entry's index (tag 21), nil for top-level entries.
    let parent: Int?
    /// The first child's index (tag 22).
    let firstChild: Int?
    /// The last child's index (tag 23).
    let lastChild: Int?
    /// Tag 1: a byte offset in the text for MOBI 6; an insert coordinate for KF8.
    let filePosition: Int?
    /// Tag 2: the length of the text the entry covers.
    let length: Int?
    /// Tag 6 (KF8): the target as a fragment index and offset.
    let kindlePosition: KindlePosition?
    /// Tag 5: the entry's class from the CNCX table (periodicals), when present.
    let kind: String?

    /// Creates an entry.
    init(index: Int, label: String, title: String, depth: Int, parent: Int?, firstChild: Int?,
         lastChild: Int?, filePosition: Int?, length: Int?, kindlePosition: KindlePosition?, kind: String?) {
        self.index = index
        self.label = label
        self.title = title
        self.depth = depth
        self.parent = parent
        self.firstChild = firstChild
        self.lastChild = lastChild
        self.filePosition = filePosition
        self.length = length
        self.kindlePosition = kindlePosition
        self.kind = kind
    }

    /// The entries of an NCX index, in index order. Missing tags leave fields nil rather than
    /// failing: a table of contents is worth having even when one line of it is broken.
    static func entries(from index: MOBIIndex) -> [NCXEntry] {
        index.entries.enumerated().map { number, entry in
            var kindlePosition: KindlePosition?
            if let fid = entry.intValue(6, at: 0), let off = entry.intValue(6, at: 1) {
                kindlePosition = KindlePosition(fragmentIndex: fid, offset: off)
            }
            return NCXEntry(index: number, label: entry.label,
                            title: entry.value(3).flatMap { index.cncxString(at: $0) } ?? "",
                            depth: entry.intValue(4) ?? 0, parent: entry.intValue(21),
                            firstChild: entry.intValue(22), lastChild: entry.intValue(23),
                            filePosition: entry.intValue(1), length: entry.intValue(2),
                            kindlePosition: kindlePosition,
                            kind: entry.value(5).flatMap { index.cncxString(at: $0) })
        }
    }
}

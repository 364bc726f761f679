/// A PDF position packed into one integer for ``SourceMap``: the 1-based page in the high bits and
/// the UTF-16 offset in that page's text in the low 32. Packed values sort in reading order, and a
/// run of copied text never spans two pages, so runs stay contiguous in both spaces.
struct PDFSourceOffset: Hashable, Comparable, Sendable {
    /// The 1-based page number.
    var page: Int
    /// The UTF-16 offset in the page's text.
    var offset: Int

    private static let offsetBits = 32

    /// The packed value.
    var packed: Int { page << Self.offsetBits | offset }

    /// Unpacks a value made by ``packed``.
    init(packed: Int) {
        page = packed >> Self.offsetBits
        offset = packed & ((1 << Self.offsetBits) - 1)
    }

    /// A position on a page.
    init(page: Int, offset: Int) {
        self.page = page
        self.offset = offset
    }

    /// Orders by page, then offset.
    static func < (lhs: PDFSourceOffset, rhs: PDFSourceOffset) -> Bool {
        (lhs.page, lhs.offset) < (rhs.page, rhs.offset)
    }
}

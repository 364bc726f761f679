/// A rectangle on a PDF page, in points, with the origin at the page's top-left corner and y
/// growing downwards (poppler's text coordinates).
struct PDFRect: Hashable, Sendable {
    var x1: Double
    var y1: Double
    var x2: Double
    var y2: Double

    var width: Double { x2 - x1 }
    var height: Double { y2 - y1 }

    /// The smallest rectangle holding both.
    func union(_ other: PDFRect) -> PDFRect {
        PDFRect(x1: min(x1, other.x1), y1: min(y1, other.y1), x2: max(x2, other.x2), y2: max(y2, other.y2))
    }
}

/// A run of characters drawn in one font at one size.
struct PDFFontRun: Hashable, Sendable {
    /// Indices into ``PDFPageText/scalars``.
    var range: Range<Int>
    /// The font's name as the PDF gives it (`ABCDEF+DejaVuSerif-Bold`).
    var fontName: String
    /// The size in points.
    var fontSize: Double
    /// Whether the font descriptor's flags say bold (ForceBold), whatever the name says.
    var hasBoldFlag = false
    /// Whether the font descriptor's flags say italic, whatever the name says.
    var hasItalicFlag = false
}

/// The text of one page in poppler's reading order, with the geometry of every character.
struct PDFPageText: Hashable, Sendable {
    /// 1-based page number.
    var pageNumber: Int
    /// The page's width and height in points.
    var width: Double
    var height: Double
    /// The characters in reading order; `\n` ends a line.
    var scalars: [Unicode.Scalar]
    /// One box per scalar (same count as `scalars`).
    var boxes: [PDFRect]
    /// Font runs covering `scalars`, in order.
    var fontRuns: [PDFFontRun]
    /// How many images a page without text draws (such a page was scanned); 0 on a page with text,
    /// where they are not counted.
    var imageCount: Int
    /// Whether the page may have link annotations (it has an /Annots array); pages without one
    /// spare poppler-glib a second parse of the page for ``links``.
    var mayHaveLinks = true
    /// The page's link annotations to URIs and pages (from poppler-glib, not from the text walk);
    /// empty until the reader that wants them adds them.
    var links: [PDFLink] = []
    /// The page's fonts whose characters poppler cannot map to Unicode with confidence (no
    /// ToUnicode map, and an Identity CID collection or a Type 3 font): the page's text may be
    /// wrong where they are used.
    var unmappedFonts: [String] = []

    /// The text as a String.
    var text: String { String(scalars: scalars) }
}

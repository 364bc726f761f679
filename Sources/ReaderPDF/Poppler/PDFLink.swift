/// A link annotation of a page: where it sits and where it leads.
struct PDFLink: Hashable, Sendable {
    /// The annotation's rectangle in text coordinates (points, origin top-left, y down), like the
    /// character boxes of ``PDFPageText``.
    var rect: PDFRect
    /// Where it leads.
    var target: PDFLinkTarget
}

/// Where a ``PDFLink`` leads.
enum PDFLinkTarget: Hashable, Sendable {
    /// A URI action's URI, as written.
    case uri(String)
    /// A go-to action's destination (explicit or named): a 1-based page of this document.
    case page(Int)
}

/// One outline entry.
struct PDFOutlineItem: Hashable, Sendable {
    /// The title, trimmed.
    var title: String
    /// 1-based page the entry points at, nil when it points outside the document or nowhere.
    var pageNumber: Int?
    /// The named destination, when the entry used one.
    var namedDestination: String?
    /// Nested entries, in order.
    var children: [PDFOutlineItem]
}

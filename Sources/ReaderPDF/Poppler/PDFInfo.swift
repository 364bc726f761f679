/// Facts about the file from the info dictionary, the trailer and XMP.
struct PDFInfo: Hashable, Sendable {
    /// The info dictionary's `/Title`.
    var title: String?
    /// `/Author`, as written (several names are often joined with ";").
    var author: String?
    /// `/Subject`.
    var subject: String?
    /// `/Keywords`.
    var keywords: String?
    /// `/Creator`: the application that made the original document.
    var creator: String?
    /// `/Producer`: the application that wrote the PDF.
    var producer: String?
    /// `/CreationDate` in ISO 8601, UTC (e.g. "2024-03-01T10:20:30Z"), nil when absent or unreadable.
    var creationDate: String?
    /// `/ModDate` in ISO 8601, UTC.
    var modificationDate: String?
    /// The version from the header or the catalog ("1.5" etc.).
    var pdfVersion: String
    /// True when the file has an encryption dictionary (even with an empty user password).
    var isEncrypted: Bool
    /// The raw XMP packet (poppler_document_get_metadata), nil when absent.
    var xmp: String?
}

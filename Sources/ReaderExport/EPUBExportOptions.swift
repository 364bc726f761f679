import Foundation

/// What a caller may change about an exported EPUB.
public struct EPUBExportOptions: Sendable {
    /// The title to use instead of the document's.
    public var title: String?
    /// The authors to use instead of the document's.
    public var authors: [String]?
    /// A cover picture (JPEG, PNG, GIF or WebP bytes) to use instead of the document's.
    public var coverImage: [UInt8]?
    /// The deepest table-of-contents level that starts a new content document (0: none; 1: every
    /// top-level entry). Reading-order sections that start a new page always do.
    public var splitLevel: Int
    /// The `dcterms:modified` value (`CCYY-MM-DDThh:mm:ssZ`) to use when the document gives none.
    public var modified: String?
    /// The UTF-8 bytes of text after which a content document is cut at the next paragraph.
    public var maximumDocumentBytes: Int

    /// `modified` when nothing else says: the date reproducible builds fall back on.
    public static let fixedModified = "2000-01-01T00:00:00Z"

    /// Creates options.
    public init(title: String? = nil, authors: [String]? = nil, coverImage: [UInt8]? = nil, splitLevel: Int = 1,
                modified: String? = nil, maximumDocumentBytes: Int = 256 << 10) {
        self.title = title
        self.authors = authors
        self.coverImage = coverImage
        self.splitLevel = splitLevel
        self.modified = modified
        self.maximumDocumentBytes = maximumDocumentBytes
    }

    /// `modified` from a `SOURCE_DATE_EPOCH` value (seconds since 1970), nil when it is not one.
    public static func modified(sourceDateEpoch: String?) -> String? {
        guard let sourceDateEpoch, let seconds = Int64(sourceDateEpoch.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return nil }
        return W3CDate.timestamp(secondsSince1970: seconds)
    }
}

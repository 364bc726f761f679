import ReaderCore
import ReaderHTML

/// A section of an EPUB's reading order and the spine entry it comes from.
struct EPUBSection: Sendable {
    /// The section as the core sees it (href = container path).
    var section: Section
    /// The manifest item shown (after following fallbacks).
    var item: PackageDocument.Item
    /// 0-based position in the spine, which the CFI spine step counts.
    var spineIndex: Int
    /// The spine itemref's `id` (asserted on a CFI's spine step) and `idref`.
    var itemref: (id: String?, idref: String)
    /// True when the resource is pre-paginated.
    var isFixedLayout: Bool
}

/// A content document turned into blocks, with the index that maps its positions.
struct ConvertedSection: Sendable {
    /// The blocks.
    var content: SectionContent
    /// CFI paths, id anchors and the length of the source text.
    var pathIndex: ContentPathIndex
    /// The shown text runs, concatenated: what source offsets count (for CFI text assertions).
    var sourceText: String
    /// The path to `<body>` (or, without one, the root's first child element): what a CFI points
    /// at in a document with no text run to point into. Nil when the root has no child element.
    var startPath: [CFIStep]?
    /// The document's `<title>` or first heading.
    var title: String?
    /// Problems met while reading it (their location is filled in by the document).
    var warnings: [DocumentWarning]
}

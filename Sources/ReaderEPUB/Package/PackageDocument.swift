import ReaderCore

/// What the package document (OPF) says about a book: metadata, manifest, spine, guide.
struct PackageDocument: Sendable {
    /// A manifest item: one resource of the publication.
    struct Item: Hashable, Sendable {
        /// The manifest id.
        var id: String
        /// The container path the href resolves to.
        var path: String
        /// The declared media type.
        var mediaType: String
        /// EPUB 3 properties (`nav`, `cover-image`, `scripted`, `svg`, …).
        var properties: Set<String>
        /// The id of the fallback item, when declared.
        var fallback: String?
    }

    /// A spine entry.
    struct SpineItem: Hashable, Sendable {
        /// The itemref's own `id`, which CFIs assert on the spine step.
        var id: String?
        /// The manifest id it refers to.
        var idref: String
        /// False for `linear="no"`.
        var isLinear: Bool
        /// EPUB 3 spine properties (`page-spread-left`, `rendition:layout-pre-paginated`, …).
        var properties: Set<String>
    }

    /// A guide reference (EPUB 2) or landmark.
    struct Reference: Hashable, Sendable {
        /// The semantic type (`cover`, `toc`, `text`, `bodymatter`, …).
        var type: String
        /// The title given, if any.
        var title: String?
        /// Where it points.
        var target: ResourcePath.Reference
    }

    /// The container path of the package document.
    var path: String
    /// The `version` attribute ("2.0", "3.0", …).
    var version: String
    /// Bibliographic metadata.
    var metadata: DocumentMetadata
    /// The manifest, in document order.
    var manifest: [Item]
    /// The spine, in reading order.
    var spine: [SpineItem]
    /// The manifest id of the NCX named by the spine's `toc` attribute.
    var ncxID: String?
    /// The spine's `page-progression-direction` (`ltr`, `rtl`), when given.
    var pageProgressionDirection: String?
    /// True when the book is pre-paginated (`rendition:layout`).
    var isFixedLayout: Bool
    /// The EPUB 2 `<meta name="cover">` manifest id (or, in some books, an href).
    var coverMetaContent: String?
    /// The EPUB 2 guide.
    var guide: [Reference]
    /// Problems that did not stop the package from being read.
    var warnings: [String]

    /// The manifest item with an id.
    func item(id: String) -> Item? { manifest.first { $0.id == id } }

    /// The manifest item at a container path.
    func item(path: String) -> Item? { manifest.first { $0.path == path } }

    /// The manifest item with a property (`nav`, `cover-image`).
    func item(property: String) -> Item? { manifest.first { $0.properties.contains(property) } }
}

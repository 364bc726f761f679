import ReaderCore

/// A document whose text is shown through a ``TextTransformChain``, while every position stays in
/// the source's coordinates.
///
/// Each block's text is transformed, its source map composed with the transform's offset map and
/// its inline runs moved; ``locator(at:)`` maps a position in the transformed text back to the
/// backend's text before asking the backend, and ``textPosition(for:)`` maps the backend's answer
/// forward. So pages, search hits and highlights made on the transformed text carry Locators that
/// resolve to the same source text as untransformed ones, and Locators made without the transform
/// land on the converted words. The fingerprint is the file's: a transform changes what is shown,
/// not which book it is.
public final class TransformedDocument: Document {
    /// The document as its backend reads it.
    public let base: any Document
    /// The transforms, in order.
    public let chain: TextTransformChain
    private let sections = SectionCache<TransformedSection>(capacity: 16)

    /// `base` shown through `chain`.
    public init(_ base: any Document, chain: TextTransformChain) {
        self.base = base
        self.chain = chain
    }

    /// The base document's path.
    public var path: String { base.path }
    /// The base document's format.
    public var format: DocumentFormat { base.format }
    /// The base document's capabilities.
    public var capabilities: FormatCapabilities { base.capabilities }
    /// The base document's metadata, its title transformed.
    public var metadata: DocumentMetadata {
        var metadata = base.metadata
        metadata.title = metadata.title.map { chain.apply(to: $0).text }
        return metadata
    }
    /// The base document's reading order.
    public var readingOrder: [Section] { base.readingOrder }
    /// The base document's details, and the transforms applied.
    public var details: [(name: String, value: String)] {
        base.details + [(name: "transforms", value: chain.names.joined(separator: ", "))]
    }
    /// The base document's warnings.
    public var warnings: [DocumentWarning] { base.warnings }

    /// The base document's warnings, every section read.
    public func allWarnings() throws(ReaderError) -> [DocumentWarning] { try base.allWarnings() }

    /// The file's fingerprint (the same as the base document's).
    public func fingerprint() throws(ReaderError) -> DocumentFingerprint { try base.fingerprint() }

    /// The base document's table of contents, titles transformed; the Locators are the source's.
    public func tableOfContents() throws(ReaderError) -> [TOCEntry] {
        try base.tableOfContents().map(transformedEntry)
    }

    /// The section's blocks, transformed.
    public func content(ofSection index: Int) throws(ReaderError) -> SectionContent {
        try transformedSection(index).content
    }

    /// The base document's Locator of the same place in its untransformed text.
    public func locator(at position: TextPosition) throws(ReaderError) -> Locator {
        try base.locator(at: sourcePosition(of: position))
    }

    /// Where the base document puts `locator`, in the transformed text.
    public func textPosition(for locator: Locator) throws(ReaderError) -> TextPosition {
        let position = try base.textPosition(for: locator)
        let section = try transformedSection(position.section)
        guard section.maps.indices.contains(position.block) else { return position }
        var moved = position
        moved.offset = section.maps[position.block].outputOffset(forSourceOffset: position.offset)
        return moved
    }

    /// The base document's positioned resources (positions count source content).
    public func positionedResources(counting: PositionCounting) throws(ReaderError) -> [PositionedResource] {
        try base.positionedResources(counting: counting)
    }

    /// Passes the hint to the base document.
    public func willReadSequentially() { base.willReadSequentially() }

    /// Passes the hint to the base document.
    public func willReadRepeatedly() { base.willReadRepeatedly() }

    /// Closes the base document.
    public func close() { base.close() }

    /// A position in the transformed text as a position in the base document's text.
    public func sourcePosition(of position: TextPosition) throws(ReaderError) -> TextPosition {
        let section = try transformedSection(position.section)
        guard section.maps.indices.contains(position.block) else { return position }
        var moved = position
        moved.offset = section.maps[position.block].sourceOffset(forOutputOffset: position.offset)
        return moved
    }

    private func transformedSection(_ index: Int) throws(ReaderError) -> TransformedSection {
        try sections.value(for: index) { () throws(ReaderError) in
            TransformedSection(try base.content(ofSection: index), chain: chain)
        }
    }

    private func transformedEntry(_ entry: TOCEntry) -> TOCEntry {
        TOCEntry(title: chain.apply(to: entry.title).text, locator: entry.locator,
                 children: entry.children.map(transformedEntry))
    }
}

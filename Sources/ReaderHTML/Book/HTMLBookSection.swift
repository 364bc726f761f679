import ReaderCore

/// A section of an ``HTMLBook`` converted to blocks: what the shared layer needs of it.
package protocol HTMLBookSection: Sendable {
    /// The blocks.
    var content: SectionContent { get }
    /// The UTF-16 length of the section's source text, which source offsets count in.
    var sourceLength: Int { get }
    /// The source offset an element id stands at; nil when the section has no such id.
    func sourceOffset(ofAnchor id: String) -> Int?
}

/// A change to a document's text (a script conversion, replacement rules) that says where each
/// part of its output came from, so positions in the output lead back to the source.
public protocol TextTransform: Sendable {
    /// The name it was asked for by (`s2t`, `rules:/path/to/file`).
    var name: String { get }
    /// What decides its output: the name, and for a rules file a digest of its rules. Cached page
    /// and search indexes are named by it.
    var identity: String { get }
    /// The text transformed, with its offset map back to `text`.
    func apply(to text: String) -> TransformedText
}

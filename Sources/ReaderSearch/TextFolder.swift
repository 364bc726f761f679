import ReaderCore

/// Folds text the way a search does, for code that stores folded text (the full-text index).
///
/// Not thread-safe: it remembers the folded form of every character it has met. Use one per thread.
public final class TextFolder {
    /// The folding applied.
    public let folding: TextFolding
    private let folder: ScalarFolder
    private let storage = FoldedText()

    /// Creates a folder.
    public init(_ folding: TextFolding) {
        self.folding = folding
        folder = ScalarFolder(folding)
    }

    /// `string` folded, whitespace runs as one space, no whitespace at either end.
    public func fold(_ string: String) -> String {
        FoldedText.folding(string, with: folder).string
    }

    /// A section's searchable stream folded: its blocks' texts with a whitespace run between each
    /// two, exactly the units a search of that section matches against.
    public func foldedStream(of content: SectionContent) -> String {
        var builder = FoldedTextBuilder(folder: folder, into: storage)
        builder.append(SectionText(section: 0, content: content))
        return builder.finish().string
    }
}

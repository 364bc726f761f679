import Foundation

/// Where the package, its TestBooks and the shared corpus are, found from this file's path.
public enum TestLocation {
    /// The package root.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `TestBooks/` in the package.
    public static let testBooks = packageRoot.appendingPathComponent("TestBooks")

    /// `../shared/corpus` beside the package.
    public static let corpus = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")

    /// Whether the shared corpus is present (its manifest exists).
    public static var corpusAvailable: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("MANIFEST.tsv").path)
    }
}

import Foundation

extension TestLocation {
    /// feedparser's own test suite in `../shared/corpus-web/feedparser`.
    public static let feedparserSuite = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus-web/feedparser")

    /// OPDS sample catalogs in `../shared/corpus-web/opds`.
    public static let opdsSamples = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus-web/opds")

    /// Whether feedparser's suite is present.
    public static var feedparserSuiteAvailable: Bool {
        FileManager.default.fileExists(atPath: feedparserSuite.appendingPathComponent("wellformed/rss").path)
    }
}

/// The honest `User-Agent` every request carries: the program, its version and where its
/// documentation is, so a site's owner can tell what is fetching and why.
public enum UserAgent {
    /// The version named when a caller gives none.
    public static let defaultVersion = "0.9.0"
    /// Where the project's documentation is (its README).
    public static let documentationURL = "https://github.com/reader-engine/reader#readme"

    /// `reader/VERSION (+URL)`.
    public static func make(version: String) -> String {
        "reader/\(version) (+\(documentationURL))"
    }
}

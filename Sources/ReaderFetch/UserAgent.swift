/// The honest `User-Agent` every request carries: the program, its version and what it is, so a
/// site's owner can tell what is fetching and why. (No address is named: the project has no
/// public home yet; add one here when it has.)
public enum UserAgent {
    /// The version named when a caller gives none.
    public static let defaultVersion = "0.9.0"
    /// What the program is, in the comment part of the header.
    public static let description = "document reader; fetches one page or feed at a time for reading"

    /// `reader/VERSION (DESCRIPTION)`.
    public static func make(version: String) -> String {
        "reader/\(version) (\(description))"
    }
}

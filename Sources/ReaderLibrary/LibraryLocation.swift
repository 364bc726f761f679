import Foundation

/// Where the library database is: `$READER_LIBRARY`, else `$XDG_DATA_HOME/reader/library.sqlite`,
/// else `~/.local/share/reader/library.sqlite`.
public enum LibraryLocation {
    /// The path from the environment, as above.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["READER_LIBRARY"], !explicit.isEmpty { return explicit }
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.local/share")
        return base + "/reader/library.sqlite"
    }
}

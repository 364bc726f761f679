import ReaderCore
import ReaderLibrary

/// A library book's stored settings for the file a command opens: its encoding and text
/// transforms apply unless the command line gives its own.
enum StoredBookSettings {
    /// The settings the library holds for the file at `path`, or nil when there is no library or
    /// the file is not one of its books. A library that cannot be read costs a warning, not the
    /// command.
    static func forFile(at path: String) -> BookSettings? {
        do {
            return try ExistingLibrary.get()?.settings(forFileAt: path)
        } catch {
            StandardStreams.error("reader: warning: the library's settings for this book were not read: \(error.description)")
            return nil
        }
    }
}

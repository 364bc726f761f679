import Foundation
import ReaderCore

/// The folder a Markdown file's local images must stay inside: links resolve relative to it,
/// and the real path of the file they name (every symlink followed) must lie under the folder's
/// real path, so neither `..` nor a symlink reaches a file outside.
struct LocalImageFolder {
    /// The folder's real path, without a trailing slash.
    let realPath: String

    /// The folder of the document at `documentPath`; nil when its real path cannot be had.
    init?(documentPath: String) {
        let folder = (documentPath as NSString).deletingLastPathComponent
        guard let real = Self.realPath(folder.isEmpty ? "." : folder) else { return nil }
        realPath = real
    }

    /// The real path of the local file a link names, or why it names none that may be read.
    func file(forLink link: String) -> Result<String, Refusal> {
        var reference = Substring(link)
        if let cut = reference.firstIndex(where: { $0 == "#" || $0 == "?" }) { reference = reference[..<cut] }
        if reference.hasPrefix("file://") { return .failure(.notLocal) }
        if let colon = reference.firstIndex(of: ":"),
           reference[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) {
            return .failure(.notLocal)  // http:, https:, data:, mailto: …
        }
        guard !reference.isEmpty, !reference.hasPrefix("/") else { return .failure(.outsideFolder) }
        guard let decoded = try? PercentDecoding.decode(String(reference)), !decoded.contains("\0") else {
            return .failure(.notLocal)
        }
        guard let real = Self.realPath(realPath + "/" + decoded) else { return .failure(.missing) }
        guard real.hasPrefix(realPath == "/" ? "/" : realPath + "/") else { return .failure(.outsideFolder) }
        var status = stat()
        guard stat(real, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return .failure(.missing) }
        return .success(real)
    }

    /// Why a link names no readable local file.
    enum Refusal: Error {
        /// A URL with a scheme (`https:`, `data:`), not a file beside the document.
        case notLocal
        /// The file lies outside the document's folder (an absolute path, `..`, a symlink).
        case outsideFolder
        /// No regular file is there.
        case missing

        /// In words, for errors.
        var reason: String {
            switch self {
            case .notLocal: "not a local file"
            case .outsideFolder: "it lies outside the document's folder"
            case .missing: "no such file beside the document"
            }
        }
    }

    /// `realpath(3)`: the path with every symlink, `.` and `..` resolved; nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

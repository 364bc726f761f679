import Foundation

/// One file found by a ``FolderScan``: where it is and what its metadata says.
struct ScannedFile: Hashable, Sendable {
    /// What kind of entry the viewer makes of it.
    enum Kind: Hashable, Sendable {
        /// A Markdown article.
        case article
        /// A book the engine opens.
        case book
    }

    /// The path under the root (`2024/05/name.md`).
    var relativePath: String
    /// The absolute path.
    var path: String
    /// Article or book.
    var kind: Kind
    /// The modification time, nanoseconds since the epoch.
    var modifiedNanoseconds: Int64
    /// The size in bytes.
    var size: Int64

    /// The last path component.
    var name: String {
        guard let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return relativePath }
        return String(relativePath[relativePath.utf8.index(after: slash)...])
    }
    /// The modification time.
    var modified: Date { Date(timeIntervalSince1970: Double(modifiedNanoseconds) / 1e9) }
}

/// A walk of the served folder with `readdir` and `lstat` alone (no file is opened): every
/// Markdown article and book below it, skipping `favicons/`, `notebooks/`, hidden entries, and
/// symlinks that lead outside the folder. Symlinked folders are not entered (no loops).
struct FolderScan {
    /// The folders' names that hold no articles.
    static let skippedFolders: Set<String> = ["favicons", "notebooks"]
    /// The file extensions of Markdown articles.
    static let articleExtensions: Set<String> = ["md", "markdown"]

    /// The served folder, with every symlink resolved.
    let root: String
    /// The extensions of books (every format the engine opens but Markdown), lowercased.
    let bookExtensions: Set<String>

    /// The files under the root, sorted by relative path.
    func files() -> [ScannedFile] {
        var found: [ScannedFile] = []
        walk(folder: root, relative: "", depth: 0, into: &found)
        return found.sorted { $0.relativePath < $1.relativePath }
    }

    private func walk(folder: String, relative: String, depth: Int, into found: inout [ScannedFile]) {
        guard depth < 16, let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            var fileInfo = info
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if depth == 0, Self.skippedFolders.contains(name) { continue }
                walk(folder: path, relative: relativePath, depth: depth + 1, into: &found)
                continue
            case S_IFLNK:
                guard let target = ContainedPath.resolve(path, under: root), stat(target, &fileInfo) == 0,
                      fileInfo.st_mode & S_IFMT == S_IFREG else { continue }
            case S_IFREG:
                break
            default:
                continue
            }
            let fileExtension = (name as NSString).pathExtension.lowercased()
            let kind: ScannedFile.Kind
            if Self.articleExtensions.contains(fileExtension) {
                kind = .article
            } else if bookExtensions.contains(fileExtension) {
                kind = .book
            } else {
                continue
            }
            let nanoseconds = Int64(fileInfo.st_mtim.tv_sec) * 1_000_000_000 + Int64(fileInfo.st_mtim.tv_nsec)
            found.append(ScannedFile(relativePath: relativePath, path: path, kind: kind, modifiedNanoseconds: nanoseconds,
                                     size: Int64(fileInfo.st_size)))
        }
    }
}

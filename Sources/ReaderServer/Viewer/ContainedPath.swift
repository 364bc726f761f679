import Foundation

/// Paths checked to stay inside a served root, every symlink followed.
enum ContainedPath {
    /// The real path of `path` (`realpath`), or nil when it does not exist or lies outside `root`
    /// (itself a real path).
    static func resolve(_ path: String, under root: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let real = String(cString: resolved)
        guard real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { return nil }
        return real
    }

    /// The real path of `path` when it is a file (not a folder) inside `root`.
    static func regularFile(_ path: String, under root: String) -> String? {
        guard let real = resolve(path, under: root) else { return nil }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return real
    }

    /// Whether `name` is a bare file name a client may ask for: not empty, no `/`, `\` or NUL,
    /// not `.` or `..` or containing `..`, not hidden.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("..")
            && !name.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" })
    }

    /// The real path of a folder, for use as a root.
    static func realFolder(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

import Foundation
import ReaderCore

extension ReaderEngine {
    /// The extensions of the files a folder contributes to ``openFolder(_:title:options:)``:
    /// text articles (Markdown, saved web pages, plain text).
    public static let folderMemberExtensions: Set<String> = ["md", "markdown", "html", "htm", "xhtml", "txt"]

    /// The most files one folder may join.
    public static let folderMemberLimit = 20_000

    /// A folder of articles opened as one book (``DocumentCollection``): every file below it with
    /// one of ``folderMemberExtensions``, in the order of their paths (the `YYYY/MM/` folders of
    /// an article folder sort by date), each read as its own document. Hidden files and folders,
    /// symbolic links, and the top-level `favicons/` and `notebooks/` of an article folder are
    /// left out.
    /// - Parameter title: the book's title; nil: the folder's name.
    /// - Throws: ``ReaderError`` `fileNotFound` for a missing folder, `invalidArgument` for a
    ///   folder without such files or with more than ``folderMemberLimit``; what opening a member
    ///   throws, with that member's path.
    public func openFolder(_ folder: String, title: String? = nil, options: OpenOptions = .init()) throws(ReaderError) -> DocumentCollection {
        let paths = try Self.folderMembers(folder)
        var members: [any Document] = []
        members.reserveCapacity(paths.count)
        do {
            for path in paths { members.append(try open(path: path, options: options)) }
        } catch {
            for member in members { member.close() }
            throw error
        }
        let name = title ?? (URL(fileURLWithPath: folder).standardizedFileURL.lastPathComponent)
        return DocumentCollection(path: folder, title: name, members: members)
    }

    /// The member files of `folder`, sorted by their path below it.
    static func folderMembers(_ folder: String) throws(ReaderError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ReaderError(.fileNotFound, file: folder, reason: "no such folder")
        }
        let root = URL(fileURLWithPath: folder, isDirectory: true)
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey, .isDirectoryKey]
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys,
                                                         options: [.skipsHiddenFiles, .skipsPackageDescendants]) else {
            throw ReaderError(.unreadable, file: folder, reason: "the folder cannot be read")
        }
        var relative: [String] = []
        for case let url as URL in walk {
            let values = try? url.resourceValues(forKeys: Set(keys))
            let name = url.path.dropFirst(root.path.count).drop { $0 == "/" }
            if values?.isDirectory == true {
                if !name.contains("/"), ["favicons", "notebooks"].contains(String(name)) { walk.skipDescendants() }
                continue
            }
            guard values?.isRegularFile == true, values?.isSymbolicLink != true,
                  folderMemberExtensions.contains(url.pathExtension.lowercased()) else { continue }
            relative.append(String(name))
            if relative.count > folderMemberLimit {
                throw ReaderError(.invalidArgument, file: folder, reason: "the folder holds more than \(folderMemberLimit) articles")
            }
        }
        guard !relative.isEmpty else {
            throw ReaderError(.invalidArgument, file: folder,
                              reason: "no Markdown, HTML or text file in the folder (\(folderMemberExtensions.sorted().joined(separator: ", ")))")
        }
        // Byte order of the UTF-8 paths: the same on every machine and locale.
        return relative.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { root.path + "/" + $0 }
    }
}

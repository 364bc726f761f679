import ArgumentParser
import Foundation
import ReaderCore
import ReaderSearchIndex

/// `reader cache`: where the page-index and search caches are and what they hold;
/// `reader cache clear` empties them.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache", abstract: "Show or clear the page-index, search-index and fingerprint caches.",
        discussion: """
            Page indexes are kept per fingerprint and viewport, at most 64 MiB together (the least \
            recently used go first); search indexes, one per book, until cleared; the fingerprints \
            of files of 16 MiB or more, a line each, used while the file is unchanged.
            """,
        subcommands: [CacheShowCommand.self, CacheClearCommand.self], defaultSubcommand: CacheShowCommand.self)
}

/// `reader cache show`: each cache's folder, file count and size.
struct CacheShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print each cache's folder, files and size.")

    func run() throws {
        var output = OutputBuffer()
        let pages = PageIndexCache(directory: PageIndexCache.defaultDirectory).entries()
        output.line("page indexes:   \(PageIndexCache.defaultDirectory): \(pages.count) files, \(pages.reduce(0) { $0 + $1.bytes }) bytes")
        let search = CacheFolder.files(in: SearchIndexCache.defaultDirectory)
        output.line("search indexes: \(SearchIndexCache.defaultDirectory): \(search.count) files, \(search.reduce(0) { $0 + $1.bytes }) bytes")
        let store = FingerprintStore().directory
        let fingerprints = CacheFolder.files(in: store)
        output.line("fingerprints:   \(store): \(fingerprints.count) files, \(fingerprints.reduce(0) { $0 + $1.bytes }) bytes")
        output.flush()
    }
}

/// `reader cache clear`: removes the page indexes, the search indexes and the fingerprints.
struct CacheClearCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clear", abstract: "Remove every cached page index, search index and fingerprint.")

    func run() throws {
        let pages = PageIndexCache(directory: PageIndexCache.defaultDirectory).clear()
        let search = CacheFolder.remove(in: SearchIndexCache.defaultDirectory)
        let fingerprints = CacheFolder.remove(in: FingerprintStore().directory)
        var output = OutputBuffer()
        output.line("removed \(pages.files) page indexes (\(pages.bytes) bytes), \(search.files) search index files "
            + "(\(search.bytes) bytes) and \(fingerprints.files) fingerprints (\(fingerprints.bytes) bytes)")
        output.flush()
    }
}

/// The regular files of a cache folder and their sizes.
enum CacheFolder {
    static func files(in directory: String) -> [(path: String, bytes: Int)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().compactMap { name in
            let path = directory + "/" + name
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  attributes[.type] as? FileAttributeType == .typeRegular else { return nil }
            return (path, (attributes[.size] as? NSNumber)?.intValue ?? 0)
        }
    }

    /// Removes the regular files of a cache folder; how many went and their bytes.
    static func remove(in directory: String) -> (files: Int, bytes: Int) {
        var removed = (files: 0, bytes: 0)
        for file in files(in: directory) where unlink(file.path) == 0 {
            removed.files += 1
            removed.bytes += file.bytes
        }
        return removed
    }
}

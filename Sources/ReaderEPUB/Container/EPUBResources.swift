import ReaderCore

/// The files of an EPUB container, by container path. The zip archive is the real one; tests can
/// supply files from memory.
protocol EPUBResources: Sendable {
    /// The bytes of the entry at a container path.
    /// - Throws: ``ReaderError`` when the entry is missing, too large, encrypted or broken.
    func read(_ path: String) throws(ReaderError) -> [UInt8]
    /// Whether an entry exists at the path.
    func contains(_ path: String) -> Bool
    /// The entry's compressed size in the archive (what Readium counts positions by).
    func storedLength(of path: String) -> Int?
    /// The entry's size once inflated.
    func length(of path: String) -> Int?
    /// Every entry path, in archive order.
    var paths: [String] { get }
    /// Problems the container reading noticed (hostile names, duplicates).
    var warnings: [String] { get }
    /// Releases the container (the zip handle); later reads throw.
    func close()
}

extension EPUBResources {
    /// Does nothing: resources in memory hold no handle.
    func close() {}
}

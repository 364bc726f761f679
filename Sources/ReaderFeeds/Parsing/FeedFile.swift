import ReaderCore

/// Reads a feed or catalog file whole, refusing files over ``FeedParser/maxBytes``.
enum FeedFile {
    static func read(_ path: String) throws(ReaderError) -> [UInt8] {
        let file = try ReadOnlyFile(path: path)
        let bytes = try file.readPrefix(FeedParser.maxBytes + 1)
        guard bytes.count <= FeedParser.maxBytes else {
            throw ReaderError(.malformed, file: path, format: .feed, reason: "larger than the \(FeedParser.maxBytes)-byte limit")
        }
        return bytes
    }
}

import ReaderCore
@testable import ReaderEPUB

/// EPUB files held in memory, for tests of the package layer without a zip.
struct MemoryResources: EPUBResources {
    var files: [(path: String, bytes: [UInt8])]
    var warnings: [String] = []

    init(_ files: [(String, String)]) {
        self.files = files.map { ($0.0, Array($0.1.utf8)) }
    }

    func read(_ path: String) throws(ReaderError) -> [UInt8] {
        guard let file = files.first(where: { $0.path == path }) else {
            throw ReaderError(.malformed, format: .epub, reason: "\(path) is missing")
        }
        return file.bytes
    }

    func contains(_ path: String) -> Bool { files.contains { $0.path == path } }
    func storedLength(of path: String) -> Int? { files.first { $0.path == path }?.bytes.count }
    func length(of path: String) -> Int? { storedLength(of: path) }
    var paths: [String] { files.map(\.path) }
}

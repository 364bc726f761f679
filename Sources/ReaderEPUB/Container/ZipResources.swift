import ReaderCore
import ReaderZip

/// The container files of an EPUB, read from its zip archive.
struct ZipResources: EPUBResources {
    let archive: ZipArchive
    let file: String

    func read(_ path: String) throws(ReaderError) -> [UInt8] {
        do {
            return try archive.read(path)
        } catch {
            var readerError = error.readerError(file: file, format: .epub)
            readerError.cause = error
            throw readerError
        }
    }

    func contains(_ path: String) -> Bool { archive.entry(named: path) != nil }
    func storedLength(of path: String) -> Int? { archive.entry(named: path)?.compressedSize }
    func length(of path: String) -> Int? { archive.entry(named: path)?.size }
    var paths: [String] { archive.entries.map(\.name) }
    var warnings: [String] { archive.warnings }
    func close() { archive.close() }
}

import Foundation
import ReaderCore
@testable import ReaderMOBI

/// Writes Palm database files from records, for tests that need a whole book on disk.
struct PDBTestBuilder {
    /// The database name (at most 31 bytes are kept).
    var name = "Test_Book"
    /// The type, `BOOK` or `TEXt`.
    var type = "BOOK"
    /// The creator, `MOBI` or `REAd`.
    var creator = "MOBI"
    /// The records, in order.
    var records: [[UInt8]]

    /// The file's bytes: the 78-byte header, the record list, two bytes of padding, the records.
    func bytes() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 78)
        let nameBytes = Array(name.utf8.prefix(31))
        out.replaceSubrange(0..<nameBytes.count, with: nameBytes)
        out.replaceSubrange(60..<64, with: Array(type.utf8.prefix(4)))
        out.replaceSubrange(64..<68, with: Array(creator.utf8.prefix(4)))
        out[76] = UInt8(records.count >> 8)
        out[77] = UInt8(records.count & 0xFF)
        var offset = 78 + records.count * 8 + 2
        for (index, record) in records.enumerated() {
            out.appendUInt32(UInt32(offset))
            out.appendUInt32(UInt32(index * 2))
            offset += record.count
        }
        out += [0, 0]
        for record in records { out += record }
        return out
    }

    /// Writes the file into `directory` and opens it.
    func open(in directory: URL, format: DocumentFormat = .mobi) throws -> PDBFile {
        let url = directory.appendingPathComponent("\(name).mobi")
        try Data(bytes()).write(to: url)
        return try PDBFile(path: url.path, format: format)
    }
}

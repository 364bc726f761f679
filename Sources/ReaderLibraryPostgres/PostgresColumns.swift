import NIOCore
import PostgresNIO

/// The columns of one result row, read by position and decoded to the library's Swift types.
struct PostgresColumns {
    private let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) {
        self.row = row.makeRandomAccess()
    }

    func string(_ index: Int) throws -> String { try row[index].decode(String.self) }
    func optionalString(_ index: Int) throws -> String? { try row[index].decode(String?.self) }
    func int64(_ index: Int) throws -> Int64 { try row[index].decode(Int64.self) }
    func optionalInt64(_ index: Int) throws -> Int64? { try row[index].decode(Int64?.self) }
    func int(_ index: Int) throws -> Int { Int(try int64(index)) }
    func optionalInt(_ index: Int) throws -> Int? { try optionalInt64(index).map(Int.init) }
    func double(_ index: Int) throws -> Double { try row[index].decode(Double.self) }
    func optionalDouble(_ index: Int) throws -> Double? { try row[index].decode(Double?.self) }
    func bool(_ index: Int) throws -> Bool { try row[index].decode(Bool.self) }
    func bytes(_ index: Int) throws -> [UInt8] {
        var buffer = try row[index].decode(ByteBuffer.self)
        return buffer.readBytes(length: buffer.readableBytes) ?? []
    }
}

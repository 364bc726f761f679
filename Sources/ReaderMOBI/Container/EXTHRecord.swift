/// One EXTH metadata record: a numeric type (100 author, 503 title, …) and its bytes.
struct EXTHRecord: Sendable, Hashable {
    /// The record type.
    var type: UInt32
    /// The payload, without the 8-byte type and length prefix.
    var data: [UInt8]
}

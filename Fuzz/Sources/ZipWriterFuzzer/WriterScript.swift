import ReaderZip

/// What the fuzzer asks the writer to do, read from the input:
///
/// - byte 0: the writer's default method (its value modulo 11: 0 to 9 deflate at that level,
///   10 stored), bit 7 the damage done before recovery (0: the central directory zeroed, 1: the end
///   record's directory offset moved by 0x40, as `ZipRecoveryTests` do);
/// - then entries until the input ends, each: a method byte (modulo 13: 0 to 9 deflate, 10 stored,
///   11 the writer's default, 12 an invalid deflate level, 10 or -1 alternately), a name length byte,
///   the name's bytes (decoded as UTF-8, repaired), a 16-bit little-endian contents length (cut to
///   what is left), the contents. A contents length of 0xFFFF repeats the byte after it 100 000
///   times (a long run for deflate), so big entries are reached without big inputs.
struct WriterScript {
    struct Entry {
        var name: String
        var bytes: [UInt8]
        /// nil: the writer's default.
        var method: ZipWriteMethod?
    }

    var method: ZipWriteMethod
    var zeroesDirectory: Bool
    var entries: [Entry] = []

    init(_ input: [UInt8]) {
        var cursor = input[...]
        let first = cursor.popFirst() ?? 0
        method = Self.method(Int(first & 0x7F) % 11)
        zeroesDirectory = first & 0x80 == 0
        var invalid = false
        while let selector = cursor.popFirst() {
            let choice = Int(selector) % 13
            let method: ZipWriteMethod?
            switch choice {
            case 11: method = nil
            case 12:
                method = .deflate(level: invalid ? -1 : 10)
                invalid.toggle()
            default: method = Self.method(choice)
            }
            let nameLength = Int(cursor.popFirst() ?? 0)
            let name = String(decoding: cursor.prefix(nameLength), as: UTF8.self)
            cursor = cursor.dropFirst(nameLength)
            let low = Int(cursor.popFirst() ?? 0), high = Int(cursor.popFirst() ?? 0)
            let length = low | high << 8
            let bytes: [UInt8]
            if length == 0xFFFF {
                bytes = [UInt8](repeating: cursor.popFirst() ?? 0, count: 100_000)
            } else {
                bytes = Array(cursor.prefix(length))
                cursor = cursor.dropFirst(length)
            }
            entries.append(Entry(name: name, bytes: bytes, method: method))
        }
    }

    private static func method(_ choice: Int) -> ZipWriteMethod {
        choice == 10 ? .stored : .deflate(level: choice)
    }
}

/// Finding a byte string in bytes read from a file.
enum ByteSearch {
    /// The index where `key` first occurs in `bytes` at or after `start`, or nil.
    static func firstIndex(of key: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        guard !key.isEmpty, bytes.count >= key.count, start >= 0, start <= bytes.count - key.count else { return nil }
        for index in start...(bytes.count - key.count) where bytes[index] == key[0] {
            if bytes[index..<(index + key.count)].elementsEqual(key) { return index }
        }
        return nil
    }
}

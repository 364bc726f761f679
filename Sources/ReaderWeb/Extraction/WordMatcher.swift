/// Whether a text holds any word of a list, byte for byte, in one pass over the text: the words
/// are filed by their first byte, so each position of the text is compared only with the words
/// that start with its byte (searching the text once per word cost more than the rest of
/// weighing an element).
struct WordMatcher: Sendable {
    /// The words' bytes, by first byte.
    private let byFirstByte: [[[UInt8]]]

    init(_ words: [String]) {
        var table = [[[UInt8]]](repeating: [], count: 256)
        for word in words where !word.isEmpty {
            let bytes = Array(word.utf8)
            table[Int(bytes[0])].append(bytes)
        }
        byFirstByte = table
    }

    /// Whether `text` contains any of the words.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = text.count
        for start in 0..<count {
            for word in byFirstByte[Int(text[start])] where word.count <= count - start {
                var offset = 1
                while offset < word.count, text[start + offset] == word[offset] { offset += 1 }
                if offset == word.count { return true }
            }
        }
        return false
    }
}

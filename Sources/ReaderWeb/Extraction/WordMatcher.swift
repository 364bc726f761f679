/// Whether a text holds any word of a list, byte for byte, in one pass over the text: the words
/// are filed by their first byte, so each position of the text is compared only with the words
/// that start with its byte (searching the text once per word cost more than the rest of
/// weighing an element).
struct WordMatcher: Sendable {
    /// Every word's bytes, one after the other, the words ordered by first byte.
    private let bytes: [UInt8]
    /// Where each word starts in ``bytes`` (one more entry: the end of the last).
    private let wordStarts: [Int]
    /// For each byte value, the range of word indexes whose first byte it is (`firstWord[b]..<firstWord[b + 1]`).
    private let firstWord: [Int]

    init(_ words: [String]) {
        let sorted = words.filter { !$0.isEmpty }.map { Array($0.utf8) }.enumerated()
            .sorted { ($0.element[0], $0.offset) < ($1.element[0], $1.offset) }.map(\.element)
        var bytes: [UInt8] = []
        var wordStarts: [Int] = []
        var firstWord = [Int](repeating: 0, count: 257)
        for word in sorted {
            wordStarts.append(bytes.count)
            bytes += word
            firstWord[Int(word[0]) + 1] += 1
        }
        wordStarts.append(bytes.count)
        for index in 1...256 { firstWord[index] += firstWord[index - 1] }
        self.bytes = bytes
        self.wordStarts = wordStarts
        self.firstWord = firstWord
    }

    /// Whether `text` contains any of the words.
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches($0) }
    }

    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            wordStarts.withUnsafeBufferPointer { wordStarts in
                firstWord.withUnsafeBufferPointer { firstWord in
                    let count = text.count
                    for start in 0..<count {
                        let byte = Int(text[start])
                        for word in firstWord[byte]..<firstWord[byte + 1] {
                            let wordStart = wordStarts[word], length = wordStarts[word + 1] - wordStart
                            guard length <= count - start else { continue }
                            var offset = 1
                            while offset < length, text[start + offset] == bytes[wordStart + offset] { offset += 1 }
                            if offset == length { return true }
                        }
                    }
                    return false
                }
            }
        }
    }
}

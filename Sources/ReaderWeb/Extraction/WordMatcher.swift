/// Which of several word lists a text holds a word of, byte for byte, in one pass over the text:
/// the words are filed by their first byte, so each position of the text is compared only with
/// the words that start with its byte (searching the text once per word cost more than the rest
/// of weighing an element).
struct WordMatcher: Sendable {
    /// Every word's bytes, one after the other, the words ordered by first byte.
    private let bytes: [UInt8]
    /// Where each word starts in ``bytes`` (one more entry: the end of the last).
    private let wordStarts: [Int]
    /// The list each word comes from, as a bit (list `i` is bit `i`).
    private let wordLists: [UInt8]
    /// For each byte value, the range of word indexes whose first byte it is (`firstWord[b]..<firstWord[b + 1]`).
    private let firstWord: [Int]
    /// Every list's bit.
    private let allLists: UInt8

    /// A matcher of up to eight lists.
    init(_ lists: [String]...) {
        precondition(lists.count <= 8)
        let words = lists.enumerated().flatMap { list in
            list.element.filter { !$0.isEmpty }.map { (bytes: Array($0.utf8), list: UInt8(1) << list.offset) }
        }
        let sorted = words.enumerated().sorted { ($0.element.bytes[0], $0.offset) < ($1.element.bytes[0], $1.offset) }.map(\.element)
        var bytes: [UInt8] = []
        var wordStarts: [Int] = []
        var firstWord = [Int](repeating: 0, count: 257)
        for word in sorted {
            wordStarts.append(bytes.count)
            bytes += word.bytes
            firstWord[Int(word.bytes[0]) + 1] += 1
        }
        wordStarts.append(bytes.count)
        for index in 1...256 { firstWord[index] += firstWord[index - 1] }
        self.bytes = bytes
        self.wordStarts = wordStarts
        self.wordLists = sorted.map(\.list)
        self.firstWord = firstWord
        self.allLists = lists.isEmpty ? 0 : UInt8(truncatingIfNeeded: (1 << lists.count) - 1)
    }

    /// Whether `text` contains any word (of any list).
    func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { matchedLists(in: $0) != 0 }
    }

    /// Whether `text` contains any word (of any list).
    func matches(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        matchedLists(in: text) != 0
    }

    /// The bits of the lists `text` holds a word of.
    func matchedLists(in text: UnsafeBufferPointer<UInt8>) -> UInt8 {
        bytes.withUnsafeBufferPointer { bytes in
            wordStarts.withUnsafeBufferPointer { wordStarts in
                wordLists.withUnsafeBufferPointer { wordLists in
                    firstWord.withUnsafeBufferPointer { firstWord in
                        var found: UInt8 = 0
                        let count = text.count
                        for start in 0..<count {
                            let byte = Int(text[start])
                            for word in firstWord[byte]..<firstWord[byte + 1] where found & wordLists[word] == 0 {
                                let wordStart = wordStarts[word], length = wordStarts[word + 1] - wordStart
                                guard length <= count - start else { continue }
                                var offset = 1
                                while offset < length, text[start + offset] == bytes[wordStart + offset] { offset += 1 }
                                if offset == length {
                                    found |= wordLists[word]
                                    if found == allLists { return found }
                                }
                            }
                        }
                        return found
                    }
                }
            }
        }
    }
}

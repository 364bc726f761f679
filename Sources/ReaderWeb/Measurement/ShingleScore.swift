import ReaderXML

/// Word-shingle precision, recall and F1 of an extracted text against the expected one: each
/// text becomes the multiset of its runs of ``size`` consecutive words (lower case; letters and
/// digits make words, and each CJK ideograph or kana is a word of its own), and the shared
/// shingles are counted with their multiplicity.
package struct ShingleScore: Hashable, Sendable {
    /// Shingles of ours also in the expected text ÷ ours.
    package var precision: Double
    /// Shingles of the expected text also in ours ÷ expected.
    package var recall: Double
    /// The harmonic mean.
    package var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }

    /// Words per shingle.
    package static let size = 4

    /// Compares two texts.
    package init(extracted: String, expected: String) {
        let ours = Self.shingles(Self.words(extracted))
        let theirs = Self.shingles(Self.words(expected))
        var shared = 0
        var remaining = theirs
        for (shingle, count) in ours {
            let available = remaining[shingle] ?? 0
            let matched = min(count, available)
            shared += matched
            remaining[shingle] = available - matched
        }
        let ourCount = ours.values.reduce(0, +)
        let theirCount = theirs.values.reduce(0, +)
        if ourCount == 0 && theirCount == 0 {
            precision = 1
            recall = 1
        } else {
            precision = ourCount == 0 ? 0 : Double(shared) / Double(ourCount)
            recall = theirCount == 0 ? 0 : Double(shared) / Double(theirCount)
        }
    }

    /// The words of a text.
    package static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.lowercased().unicodeScalars {
            if isWrittenWithoutSpaces(scalar) {
                if !current.isEmpty { words.append(current); current = "" }
                words.append(String(scalar))
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    private static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF, 0x0E00...0x0E7F: true
        default: false
        }
    }

    private static func shingles(_ words: [String]) -> [String: Int] {
        var result: [String: Int] = [:]
        guard !words.isEmpty else { return result }
        if words.count < size {
            result[words.joined(separator: " "), default: 0] += 1
            return result
        }
        for start in 0...(words.count - size) {
            result[words[start..<(start + size)].joined(separator: " "), default: 0] += 1
        }
        return result
    }

    /// The text of an HTML fragment or document (the expected article), white space collapsed.
    package static func text(ofHTML bytes: [UInt8]) -> String {
        guard let document = try? MarkupDocument.parse(bytes, syntax: .html, name: "expected.html", encoding: "UTF-8"),
              let root = document.root else { return "" }
        let body = root.firstElement("body") ?? root
        return WebNode.build(from: body).readableText
    }
}

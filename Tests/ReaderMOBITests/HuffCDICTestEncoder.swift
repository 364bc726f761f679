/// Builds valid HUFF and CDIC records for a phrase dictionary of the test's choosing, and
/// compresses text with them, so the HUFF/CDIC decoder can be tested round-trip.
///
/// The dictionary holds the 256 single bytes, then the extra entries in order (definition
/// numbers 256 and up). Code lengths come from a Huffman code over how often each entry is used
/// by the sample texts (every entry counts once more, so each gets a code); with more than 256
/// entries the longest code has 9 or more bits, so the zero bits that pad a record to a whole
/// byte never complete a code. Codes are canonical from the top: shorter codes take the larger
/// values, as Kindlegen's decoder expects, and the phrase table lists entries by code length.
struct HuffCDICTestEncoder {
    /// An extra dictionary entry.
    enum Entry {
        /// A phrase stored as plain bytes.
        case literal([UInt8])
        /// A phrase stored compressed, as codes of the entries defined before it.
        case compressed([UInt8])
        /// A phrase stored compressed as exactly these definition numbers (it may point at itself
        /// or at later entries); the tokenizer never picks it.
        case references([Int])
    }

    /// The HUFF record.
    var huff: [UInt8] = []
    /// The CDIC records.
    var cdics: [[UInt8]] = []
    /// Where the cache table starts in ``huff``.
    static let cacheOffset = 24
    /// Where the base table starts in ``huff``.
    static let baseOffset = 24 + 1024

    /// Each definition's expansion (nil for `references` entries).
    private(set) var expansions: [[UInt8]?]
    /// Each definition's code: its value and length in bits.
    private(set) var codes: [(value: UInt32, length: Int)]
    /// Each definition's position in the phrase table.
    private(set) var tableIndex: [Int]

    /// Builds the dictionary and its records.
    /// - Parameters:
    ///   - entries: the phrases beyond the 256 single bytes.
    ///   - samples: texts whose tokens weight the code lengths.
    ///   - codeBits: each CDIC record holds 2^codeBits phrases.
    init(entries: [Entry] = [], samples: [[UInt8]] = [], codeBits: Int = 7) {
        var expansions: [[UInt8]?] = (0...255).map { [UInt8($0)] }
        var stored: [Bool] = Array(repeating: true, count: 256)
        for entry in entries {
            switch entry {
            case .literal(let bytes): expansions.append(bytes); stored.append(true)
            case .compressed(let bytes): expansions.append(bytes); stored.append(false)
            case .references: expansions.append(nil); stored.append(false)
            }
        }
        self.expansions = expansions
        codes = []
        tableIndex = []
        let count = expansions.count

        // Bodies of compressed entries, as definition numbers.
        var bodies: [Int: [Int]] = [:]
        for (offset, entry) in entries.enumerated() {
            let definition = 256 + offset
            switch entry {
            case .literal: break
            case .compressed(let bytes): bodies[definition] = Self.tokenize(bytes, expansions: expansions, below: definition)
            case .references(let list): bodies[definition] = list
            }
        }
        var frequencies = Array(repeating: 1, count: count)
        for sample in samples {
            for token in Self.tokenize(sample, expansions: expansions, below: count) { frequencies[token] += 1 }
        }
        for body in bodies.values { for token in body where token < count { frequencies[token] += 1 } }
        let lengths = Self.huffmanLengths(frequencies)

        // The table lists definitions by code length, then by number.
        let order = (0..<count).sorted { (lengths[$0], $0) < (lengths[$1], $1) }
        var tableIndex = Array(repeating: 0, count: count)
        for (index, definition) in order.enumerated() { tableIndex[definition] = index }
        self.tableIndex = tableIndex

        // Canonical codes from the top of the 32-bit space down.
        var codes = Array(repeating: (value: UInt32(0), length: 0), count: count)
        var minCodes = Array(repeating: UInt32(0), count: 33)
        var maxCodes = Array(repeating: UInt32(0), count: 33)
        var boundaries = Array(repeating: UInt64(0), count: 33)
        var top: UInt64 = 1 << 32
        var next = 0
        for length in 1...32 {
            let shift = UInt64(32 - length)
            let start = next
            var high: UInt64 = 0
            while next < count, lengths[order[next]] == length {
                top -= 1 << shift
                let value = top >> shift
                if next == start { high = value }
                codes[order[next]] = (UInt32(value), length)
                next += 1
            }
            minCodes[length] = UInt32(top >> shift)
            maxCodes[length] = next > start ? UInt32(UInt64(start) + high) : 0
            boundaries[length] = top
        }
        precondition(top == 0, "the code lengths do not make a complete code")
        self.codes = codes

        // HUFF: header, 256-entry cache, 32 (min, max) pairs.
        var huff: [UInt8] = Array("HUFF".utf8)
        huff.appendUInt32(24)
        huff.appendUInt32(UInt32(Self.cacheOffset))
        huff.appendUInt32(UInt32(Self.baseOffset))
        huff.appendUInt32(0)
        huff.appendUInt32(0)
        for prefix in 0..<256 {
            let highest = UInt64(prefix) << 24 | 0xFF_FFFF
            // The shortest code with this prefix: the first length whose codes reach down to it.
            let length = (1...32).first { highest >= boundaries[$0] }!
            if length <= 8 {
                huff.appendUInt32(maxCodes[length] << 8 | 0x80 | UInt32(length))
            } else {
                huff.appendUInt32(UInt32(length))
            }
        }
        for length in 1...32 {
            huff.appendUInt32(minCodes[length])
            huff.appendUInt32(maxCodes[length])
        }
        self.huff = huff

        // CDIC records: 2^codeBits phrases each, in table order.
        var phrases: [[UInt8]] = []
        for definition in order {
            if stored[definition], let bytes = expansions[definition] {
                var phrase: [UInt8] = []
                phrase.appendUInt16(0x8000 | UInt16(bytes.count))
                phrases.append(phrase + bytes)
            } else {
                let body = Self.pack(bodies[definition] ?? [], codes: codes)
                var phrase: [UInt8] = []
                phrase.appendUInt16(UInt16(body.count))
                phrases.append(phrase + body)
            }
        }
        var cdics: [[UInt8]] = []
        var rest = phrases[...]
        while !rest.isEmpty {
            let chunk = rest.prefix(1 << codeBits)
            rest = rest.dropFirst(chunk.count)
            var record: [UInt8] = Array("CDIC".utf8)
            record.appendUInt32(16)
            record.appendUInt32(UInt32(count))
            record.appendUInt32(UInt32(codeBits))
            var offset = 2 * chunk.count
            for phrase in chunk {
                record.appendUInt16(UInt16(offset))
                offset += phrase.count
            }
            for phrase in chunk { record += phrase }
            cdics.append(record)
        }
        self.cdics = cdics
    }

    /// `text` compressed with the dictionary (greedy longest match).
    func compress(_ text: [UInt8]) -> [UInt8] {
        compress(definitions: Self.tokenize(text, expansions: expansions, below: expansions.count))
    }

    /// The codes of exactly these definition numbers, packed MSB-first and padded with zero bits.
    func compress(definitions: [Int]) -> [UInt8] {
        Self.pack(definitions, codes: codes)
    }

    private static func pack(_ definitions: [Int], codes: [(value: UInt32, length: Int)]) -> [UInt8] {
        var out: [UInt8] = []
        var accumulator: UInt64 = 0
        var bits = 0
        for definition in definitions {
            let code = codes[definition]
            accumulator = accumulator << UInt64(code.length) | UInt64(code.value)
            bits += code.length
            while bits >= 8 {
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt64(bits - 8)))
                bits -= 8
            }
        }
        if bits > 0 { out.append(UInt8(truncatingIfNeeded: accumulator << UInt64(8 - bits))) }
        return out
    }

    /// Greedy longest-match tokens of `text` over definitions numbered below `limit`.
    private static func tokenize(_ text: [UInt8], expansions: [[UInt8]?], below limit: Int) -> [Int] {
        var tokens: [Int] = []
        var position = 0
        while position < text.count {
            var best = Int(text[position])
            var bestLength = 1
            for definition in 256..<min(limit, expansions.count) {
                guard let phrase = expansions[definition], phrase.count > bestLength,
                      position + phrase.count <= text.count,
                      text[position..<(position + phrase.count)].elementsEqual(phrase)
                else { continue }
                best = definition
                bestLength = phrase.count
            }
            tokens.append(best)
            position += bestLength
        }
        return tokens
    }

    /// Code lengths of a Huffman code for `frequencies` (at least two symbols).
    private static func huffmanLengths(_ frequencies: [Int]) -> [Int] {
        // Nodes: leaves first, then merged nodes; parent links give each leaf's depth.
        var weights = frequencies
        var parents = Array(repeating: -1, count: frequencies.count)
        var active = Array(frequencies.indices)
        while active.count > 1 {
            active.sort { (weights[$0], $0) > (weights[$1], $1) }
            let first = active.removeLast()
            let second = active.removeLast()
            let node = weights.count
            weights.append(weights[first] + weights[second])
            parents.append(-1)
            parents[first] = node
            parents[second] = node
            active.append(node)
        }
        return frequencies.indices.map { leaf in
            var depth = 0
            var node = leaf
            while parents[node] >= 0 {
                node = parents[node]
                depth += 1
            }
            return depth
        }
    }
}

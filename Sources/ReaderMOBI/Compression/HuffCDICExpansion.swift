import ReaderCore

/// The work of expanding a dictionary: every phrase once, each compressed one from the
/// expansions of the phrases it refers to.
struct HuffCDICExpansion {
    /// The tables whose phrases are expanded.
    let tables: HuffCDICTables
    /// Every expanded phrase, back to back.
    var storage: [UInt8] = []
    /// Where each phrase starts in `storage`.
    var starts: [Int]
    /// Each phrase's expanded length, or a negative state: failed, pending or in progress.
    var lengths: [Int]
    /// Why each failed phrase failed.
    var failures: [Int: ReaderError] = [:]
    /// How deep each expanded phrase nests: 0 for plain bytes, else one more than its deepest part.
    var levels: [Int]

    private static let pending = -2
    private static let inProgress = -3
    private static let failed = -1

    /// Starts with every phrase pending.
    init(tables: HuffCDICTables) {
        self.tables = tables
        starts = Array(repeating: 0, count: tables.phrases.count)
        lengths = Array(repeating: Self.pending, count: tables.phrases.count)
        levels = Array(repeating: 0, count: tables.phrases.count)
    }

    /// Expands phrase `index` (and first the phrases it refers to), unless done already.
    mutating func expand(_ index: Int, depth: Int) throws(ReaderError) {
        switch lengths[index] {
        case Self.pending: break
        case Self.failed:
            throw failures[index] ?? ReaderError(.malformed, reason: "HUFF/CDIC phrase \(index) cannot be expanded")
        case Self.inProgress:
            throw ReaderError(.malformed, reason: "HUFF/CDIC phrase \(index) refers to itself")
        default: return
        }
        do throws(ReaderError) {
            let phrase = tables.phrases[index]
            if phrase.isLiteral {
                try store(index, phrase.bytes)
                return
            }
            guard depth < HuffCDICDecompressor.maxDepth else {
                throw ReaderError(.malformed, reason: "HUFF/CDIC phrases nest deeper than \(HuffCDICDecompressor.maxDepth) levels")
            }
            lengths[index] = Self.inProgress
            var result: [UInt8] = []
            var level = 1
            // A copy, so the reading of the tables does not overlap the mutations below.
            let tables = self.tables
            try phrase.bytes.withUnsafeBufferPointer { (bytes) throws(ReaderError) in
                try HuffCDICDecompressor.forEachCode(in: bytes, tables: tables) { (inner) throws(ReaderError) in
                    guard inner < lengths.count else {
                        throw ReaderError(.malformed, reason: "HUFF/CDIC phrase \(index) points at phrase \(inner) of \(lengths.count)")
                    }
                    try expand(inner, depth: depth + 1)
                    level = max(level, levels[inner] + 1)
                    guard level <= HuffCDICDecompressor.maxDepth else {
                        throw ReaderError(.malformed, reason: "HUFF/CDIC phrases nest deeper than \(HuffCDICDecompressor.maxDepth) levels")
                    }
                    let length = lengths[inner]
                    guard result.count + length <= HuffCDICDecompressor.maxPhraseLength else {
                        throw ReaderError(.malformed, reason: "HUFF/CDIC phrase \(index) expands past \(HuffCDICDecompressor.maxPhraseLength) bytes")
                    }
                    result.append(contentsOf: storage[starts[inner]..<(starts[inner] + length)])
                }
            }
            try store(index, result[...])
            levels[index] = level
        } catch {
            lengths[index] = Self.failed
            failures[index] = error
            throw error
        }
    }

    private mutating func store(_ index: Int, _ bytes: ArraySlice<UInt8>) throws(ReaderError) {
        guard storage.count + bytes.count <= HuffCDICDecompressor.maxDictionaryLength else {
            throw ReaderError(.malformed, reason: "the HUFF/CDIC dictionary expands past \(HuffCDICDecompressor.maxDictionaryLength) bytes")
        }
        starts[index] = storage.count
        lengths[index] = bytes.count
        storage.append(contentsOf: bytes)
    }
}

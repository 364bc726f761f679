import ReaderCore

/// Kindlegen's HUFF/CDIC compression: a canonical Huffman code over a dictionary of phrases.
///
/// The input is read MSB-first, 64 bits at a time; each code's first 8 bits pick a cache entry
/// that gives its length (or a lower bound, refined against the base table), and the distance
/// from the largest code of that length gives the phrase index. Compressed phrases are expanded
/// once, when the decompressor is made: recursively, nesting at most ``maxDepth`` levels, each
/// phrase kept for every later use, so decoding is table look-ups and copies and the value can
/// be shared between threads. A phrase that cannot be expanded (it refers to itself, nests too
/// deep, or grows too large) fails only the records that use it.
struct HuffCDICDecompressor: Sendable {
    /// How deep compressed phrases may nest.
    static let maxDepth = 32
    /// The largest a single expanded phrase may grow.
    static let maxPhraseLength = 1 << 16
    /// The largest all expanded phrases together may grow.
    static let maxDictionaryLength = 64 << 20

    private let tables: HuffCDICTables
    /// Every phrase expanded, back to back.
    private let storage: [UInt8]
    /// Where each phrase starts in `storage`.
    private let starts: [Int]
    /// Each phrase's expanded length, or -1 when it failed (see `failures`).
    private let lengths: [Int]
    /// Why each failed phrase failed.
    private let failures: [Int: ReaderError]

    /// Parses the HUFF record and its CDIC records and expands the dictionary.
    /// - Throws: ``ReaderError`` `malformed` when the tables are broken (see
    ///   ``HuffCDICTables/parse(huff:cdics:)``).
    init(huff: [UInt8], cdics: [[UInt8]]) throws(ReaderError) {
        try self.init(tables: HuffCDICTables.parse(huff: huff, cdics: cdics))
    }

    /// Expands the dictionary of parsed tables.
    init(tables: HuffCDICTables) {
        self.tables = tables
        var expansion = HuffCDICExpansion(tables: tables)
        for index in tables.phrases.indices {
            try? expansion.expand(index, depth: 0)
        }
        storage = expansion.storage
        starts = expansion.starts
        lengths = expansion.lengths
        failures = expansion.failures
    }

    /// How many phrases the dictionary holds.
    var phraseCount: Int { tables.phrases.count }

    /// The expanded phrase `index`.
    /// - Throws: ``ReaderError`` `malformed` when there is no such phrase or it cannot be expanded.
    func phrase(_ index: Int) throws(ReaderError) -> ArraySlice<UInt8> {
        try checkPhrase(index)
        return storage[starts[index]..<(starts[index] + lengths[index])]
    }

    /// Decodes `input` into the start of `output` and returns how many bytes it wrote.
    ///
    /// `output.count` is the cap: decoding that would write past it stops with an error.
    /// - Throws: ``ReaderError`` `malformed` for a code no table entry covers, a code pointing at a
    ///   missing or broken phrase, or output past the cap.
    func decompress(_ input: UnsafeBufferPointer<UInt8>,
                    into output: UnsafeMutableBufferPointer<UInt8>) throws(ReaderError) -> Int {
        let cap = output.count
        var written = 0
        try storage.withUnsafeBufferPointer { (store) throws(ReaderError) in
            try Self.forEachCode(in: input, tables: tables) { (index) throws(ReaderError) in
                try checkPhrase(index)
                let length = lengths[index]
                guard written + length <= cap else {
                    throw ReaderError(.malformed, reason: "HUFF/CDIC output passes the cap of \(cap) bytes")
                }
                if length > 0, let target = output.baseAddress, let source = store.baseAddress {
                    (target + written).update(from: source + starts[index], count: length)
                }
                written += length
            }
        }
        return written
    }

    /// Decodes `input`, refusing to produce more than `cap` bytes.
    /// - Throws: ``ReaderError`` `malformed` as ``decompress(_:into:)`` does.
    func decompress(_ input: [UInt8], cap: Int) throws(ReaderError) -> [UInt8] {
        try [UInt8](decoding: input, cap: cap) { (source, buffer) throws(ReaderError) in try decompress(source, into: buffer) }
    }

    private func checkPhrase(_ index: Int) throws(ReaderError) {
        guard index < lengths.count else {
            throw ReaderError(.malformed, reason: "HUFF/CDIC code points at phrase \(index) of \(lengths.count)")
        }
        if lengths[index] < 0 {
            throw failures[index] ?? ReaderError(.malformed, reason: "HUFF/CDIC phrase \(index) cannot be expanded")
        }
    }

    /// Calls `body` with the phrase index of every code in `input`, in order.
    ///
    /// The bits are read through a 64-bit window that moves 32 bits at a time; decoding stops
    /// when the next code would need more bits than the input has.
    static func forEachCode(in input: UnsafeBufferPointer<UInt8>, tables: HuffCDICTables,
                            _ body: (Int) throws(ReaderError) -> Void) throws(ReaderError) {
        var bitsLeft = input.count * 8
        var position = 0
        var window = load(input, at: position)
        var shift = 32
        while true {
            if shift <= 0 {
                position += 4
                window = load(input, at: position)
                shift += 32
            }
            let code = UInt32(truncatingIfNeeded: window >> UInt64(shift))
            let entry = tables.cache[Int(code >> 24)]
            var length = Int(entry.length)
            guard length > 0 else {
                throw ReaderError(.malformed, reason: "the HUFF cache has no code starting with byte \(code >> 24)")
            }
            var maxCode = entry.maxCode
            if !entry.isTerminal {
                while code < tables.minCodes[length] {
                    length += 1
                    guard length <= 32 else {
                        throw ReaderError(.malformed, reason: "no HUFF code length fits the bits \(String(code, radix: 2))")
                    }
                }
                maxCode = tables.maxCodes[length]
            }
            shift -= length
            bitsLeft -= length
            if bitsLeft < 0 { return }
            try body(Int((maxCode &- code) >> UInt32(32 - length)))
        }
    }

    /// The 8 bytes at `position` as a big-endian number, zeros past the end of `input`.
    @inline(__always)
    private static func load(_ input: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt64 {
        var value: UInt64 = 0
        if position + 8 <= input.count {
            for offset in 0..<8 { value = value << 8 | UInt64(input[position + offset]) }
        } else {
            for offset in 0..<8 {
                value <<= 8
                if position + offset < input.count { value |= UInt64(input[position + offset]) }
            }
        }
        return value
    }
}

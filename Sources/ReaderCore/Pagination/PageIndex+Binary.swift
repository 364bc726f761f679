import Foundation

extension PageIndex {
    /// Identifies the binary form; the last byte is the format's version.
    private static let magic: [UInt8] = Array("RDPGIDX".utf8) + [1]

    /// A compact binary form for the on-disk cache: magic, viewport, layout version, completeness,
    /// count, then (section, block, offset) of every page start, all little-endian 64-bit integers.
    /// A large book has tens of thousands of pages, and JSON would make reading the cache slower
    /// than laying the pages out again.
    public func serialized() -> Data {
        var words: [Int64] = [Int64(viewport.columns), Int64(viewport.rows), Int64(layoutVersion),
                              isComplete ? 1 : 0, Int64(starts.count)]
        words.reserveCapacity(words.count + starts.count * 3)
        for start in starts {
            words.append(Int64(start.section))
            words.append(Int64(start.block))
            words.append(Int64(start.offset))
        }
        var data = Data(Self.magic)
        words.withUnsafeBufferPointer { buffer in
            for word in buffer {
                withUnsafeBytes(of: word.littleEndian) { data.append(contentsOf: $0) }
            }
        }
        return data
    }

    /// Reads ``serialized()`` output; nil when the data is not a complete, well-formed index.
    public init?(serialized data: Data) {
        let header = Self.magic.count
        guard data.count >= header + 5 * 8, Array(data.prefix(header)) == Self.magic else { return nil }
        let words: [Int64] = data.dropFirst(header).withUnsafeBytes { raw in
            (0..<(raw.count / 8)).map { Int64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: Int64.self)) }
        }
        let count = Int(words[4])
        guard count >= 1, words.count == 5 + count * 3,
              let viewport = try? Viewport(columns: Int(words[0]), rows: Int(words[1])) else { return nil }
        self.init(viewport: viewport)
        layoutVersion = Int(words[2])
        isComplete = words[3] == 1
        starts = (0..<count).map {
            TextPosition(section: Int(words[5 + $0 * 3]), block: Int(words[6 + $0 * 3]), offset: Int(words[7 + $0 * 3]))
        }
        guard starts.first == .start, zip(starts, starts.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
    }
}

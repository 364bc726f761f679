import ReaderCore

/// Seeded random text positions for property tests.
public enum RandomPositions {
    /// Positions on characters copied from the source, drawn with a seed from the path.
    public static func draw(in document: any Document, count: Int, seed: String) throws -> [TextPosition] {
        var random = SeededRandom(seed: seed.utf8.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 })
        var found: [TextPosition] = []
        var attempts = 0
        while found.count < count, attempts < count * 20 {
            attempts += 1
            let section = Int.random(in: document.readingOrder.indices, using: &random)
            let blocks = try document.content(ofSection: section).blocks
            guard let block = blocks.indices.randomElement(using: &random) else { continue }
            let runs = blocks[block].sourceMap.runs.filter { $0.length > 0 }
            guard let run = runs.randomElement(using: &random) else { continue }
            found.append(TextPosition(section: section, block: block,
                                      offset: run.textStart + Int.random(in: 0..<run.length, using: &random)))
        }
        return found
    }
}

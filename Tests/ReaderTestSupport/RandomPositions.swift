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

    /// `count` positions on characters copied from the source, uniform over those characters, in
    /// blocks that hold a word; the same positions for the same seed.
    public static func uniformOnSource(in document: any Document, count: Int, seed: UInt64) throws -> [TextPosition] {
        var runs: [(section: Int, block: Int, start: Int, length: Int)] = []
        for section in document.readingOrder.indices {
            for (index, block) in try document.content(ofSection: section).blocks.enumerated()
            where !PositionWords.words(of: block.text).isEmpty {
                for run in block.sourceMap.runs where run.length > 0 {
                    runs.append((section, index, run.textStart, run.length))
                }
            }
        }
        let total = runs.reduce(0) { $0 + $1.length }
        guard total > 0 else { return [] }
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            var remaining = Int.random(in: 0..<total, using: &random)
            for run in runs {
                if remaining < run.length { return TextPosition(section: run.section, block: run.block, offset: run.start + remaining) }
                remaining -= run.length
            }
            return .start
        }
    }
}

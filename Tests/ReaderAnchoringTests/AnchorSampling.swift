import ReaderCore
import ReaderTestSupport

/// Seeded random positions on the characters of a document's blocks, uniform over characters
/// (never inside a surrogate pair).
enum AnchorSampling {
    static func positions(in document: any Document, count: Int, seed: UInt64) throws -> [TextPosition] {
        var blocks: [(section: Int, block: Int, units: [UInt16])] = []
        for section in document.readingOrder.indices {
            for (index, block) in try document.content(ofSection: section).blocks.enumerated() where !block.text.isEmpty {
                blocks.append((section, index, Array(block.text.utf16)))
            }
        }
        let total = blocks.reduce(0) { $0 + $1.units.count }
        guard total > 0 else { return [] }
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            var remaining = Int.random(in: 0..<total, using: &random)
            for block in blocks {
                if remaining < block.units.count {
                    let offset = UTF16.isTrailSurrogate(block.units[remaining]) ? remaining - 1 : remaining
                    return TextPosition(section: block.section, block: block.block, offset: offset)
                }
                remaining -= block.units.count
            }
            return .start
        }
    }
}

@testable import ReaderCore
import Testing

/// A section laid out as one (``LaidOutSection``, what `reader text` writes) gives every block the
/// lines and bytes that laying the block out alone (``LaidOutBlock``, what pages show) gives it:
/// plain blocks through the shared line array, the others (decoration, tabs, rules, empty text)
/// through their own layout.
@Suite struct LaidOutSectionTests {
    @Test("each block's lines and bytes match the block laid out alone", arguments: [9, 20, 33, 80])
    func matchesBlocksLaidOutAlone(columns: Int) {
        let blocks = PaginatorWriteTextTests.sections.flatMap { $0 } + [
            PaginatorWriteTextTests.block(.paragraph, "Plain prose, then “quoted” words — and o’clock: " + String(repeating: "word ", count: 40)),
            PaginatorWriteTextTests.block(.heading(level: 2), "CHAPTER 7. THE JUNCTION BOX"),
            PaginatorWriteTextTests.block(.paragraph, "  indented start ( opening and closing ) , stops . here"),
        ]
        let section = LaidOutSection(blocks: blocks, columns: columns)
        #expect(section.blockCount == blocks.count)
        for (index, block) in blocks.enumerated() {
            let alone = LaidOutBlock(block, columns: columns)
            let together = section.block(index)
            #expect(together.count == alone.count, "\(index) at \(columns)")
            guard together.count == alone.count else { continue }
            for line in 0..<alone.count {
                #expect(together.textRange(ofLine: line) == alone.textRange(ofLine: line), "\(index):\(line) at \(columns)")
            }
            var written: [UInt8] = [], expected: [UInt8] = []
            together.write(0..<together.count, to: &written)
            alone.write(0..<alone.count, to: &expected)
            #expect(written == expected, "\(index) at \(columns)")
            if alone.count > 2 {
                var part: [UInt8] = [], expectedPart: [UInt8] = []
                together.write(1..<alone.count - 1, to: &part)
                alone.write(1..<alone.count - 1, to: &expectedPart)
                #expect(part == expectedPart, "lines inside \(index) at \(columns)")
            }
        }
    }
}

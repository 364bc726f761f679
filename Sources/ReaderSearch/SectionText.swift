import ReaderCore

/// One section's blocks seen as one stream: block texts in order, each followed by a virtual line
/// break, with the conversions between stream offsets and ``TextPosition``s.
struct SectionText {
    let section: Int
    let texts: [String]
    /// The stream offset where each block starts; one more entry for the end of the stream.
    let blockStarts: [Int]

    init(section: Int, content: SectionContent) {
        self.section = section
        texts = content.blocks.map(\.text)
        var starts: [Int] = []
        starts.reserveCapacity(texts.count + 1)
        var offset = 0
        for text in texts {
            starts.append(offset)
            offset += text.utf16Length + 1
        }
        starts.append(offset)
        blockStarts = starts
    }

    /// The stream length, the virtual break after the last block included.
    var length: Int { blockStarts[blockStarts.count - 1] }

    /// The stream offset of the end of the last block's text (before its virtual break).
    var textEnd: Int { max(0, length - 1) }

    /// The position of a stream offset; a virtual break maps to the end of the block before it.
    func position(at offset: Int) -> TextPosition {
        guard !texts.isEmpty else { return TextPosition(section: section, block: 0, offset: 0) }
        var low = 0, high = texts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if blockStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let inBlock = min(max(0, offset - blockStarts[low]), blockStarts[low + 1] - blockStarts[low] - 1)
        return TextPosition(section: section, block: low, offset: inBlock)
    }

    /// The stream offset of a position in this section (the inverse of ``position(at:)``).
    func streamOffset(of position: TextPosition) -> Int {
        guard blockStarts.indices.contains(position.block), position.block < texts.count else { return textEnd }
        return blockStarts[position.block] + position.offset
    }

    /// The stream between two offsets, virtual breaks as line feeds.
    func text(from start: Int, to end: Int) -> String {
        let start = max(0, start), end = min(length, end)
        guard start < end else { return "" }
        var result = ""
        var block = position(at: start).block
        while block < texts.count, blockStarts[block] < end {
            let blockText = texts[block].utf16
            let from = max(start - blockStarts[block], 0), to = min(end - blockStarts[block], blockText.count)
            if from < to {
                let slice = blockText[blockText.index(blockText.startIndex, offsetBy: from)..<blockText.index(blockText.startIndex, offsetBy: to)]
                result += String(slice) ?? String(decoding: Array(slice), as: UTF16.self)
            }
            if end > blockStarts[block + 1] - 1 { result += "\n" }
            block += 1
        }
        return result
    }
}

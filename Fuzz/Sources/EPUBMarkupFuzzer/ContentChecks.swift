import ReaderCore
import ReaderHTML

/// Converts the bytes as a content document and checks what the source map and the path index
/// promise: every block's source runs lie in the source text, and for every run start a CFI is
/// generated, prints, parses back to an equal value, and resolves back to the same offset.
enum ContentChecks {
    private static let converter = HTMLBlockConverter(options: HTMLConversionOptions(keepsSourceText: true))

    static func check(_ bytes: [UInt8]) {
        guard let content = try? converter.convert(bytes, name: "fuzz.xhtml") else { return }
        let index = content.pathIndex
        let source = content.sourceText.map { Array($0.utf16) } ?? []
        precondition(source.count == index.sourceLength, "sourceText has \(source.count) UTF-16 units, sourceLength is \(index.sourceLength)")
        checkChunks(index)
        for (blockIndex, block) in content.blocks.enumerated() {
            for run in block.sourceMap.runs {
                precondition(run.sourceStart >= 0 && run.sourceEnd <= index.sourceLength,
                             "block \(blockIndex) maps to \(run.sourceStart)..<\(run.sourceEnd), outside 0..<\(index.sourceLength)")
                precondition(run.textStart >= 0 && run.textEnd <= block.text.utf16.count,
                             "block \(blockIndex) run covers text \(run.textStart)..<\(run.textEnd) of \(block.text.utf16.count)")
                roundTrip(run.sourceStart, in: index, source: source)
            }
            if let range = block.sourceMap.sourceRange {
                rangeRoundTrip(range, in: index)
            }
        }
        roundTrip(index.sourceLength, in: index, source: source)
    }

    /// Runs are in source order, without overlap, inside the source text.
    private static func checkChunks(_ index: ContentPathIndex) {
        var previousEnd = 0
        for chunk in index.chunks {
            precondition(chunk.sourceStart >= previousEnd && chunk.length >= 0 && chunk.sourceEnd <= index.sourceLength,
                         "chunk \(chunk.path) at \(chunk.sourceStart)..<\(chunk.sourceEnd) overlaps or leaves 0..<\(index.sourceLength)")
            precondition(chunk.path.last.map { $0.index % 2 == 1 } ?? false, "chunk path \(chunk.path) does not end at character data")
            previousEnd = chunk.sourceEnd
        }
    }

    private static func roundTrip(_ offset: Int, in index: ContentPathIndex, source: [UInt16]) {
        guard let cfi = index.cfi(forSourceOffset: offset, spineIndex: 3, itemrefID: "item-4") else {
            precondition(index.chunks.isEmpty, "no CFI for offset \(offset) of \(index.sourceLength)")
            return
        }
        let parsed = reparse(cfi)
        let resolution = index.resolve(parsed) { range in
            String(decoding: source[max(0, min(range.lowerBound, source.count))..<max(0, min(range.upperBound, source.count))], as: UTF16.self)
        }
        // A repeated or hidden id corrects or fails the id assertion; only a clean one must come back.
        if resolution.assertions <= .held, let position = index.cfiPath(forSourceOffset: offset),
           let chunk = chunk(at: position, near: offset, in: index) {
            let expected = chunk.sourceStart + position.characterOffset
            precondition(resolution.sourceOffset == expected,
                         "\(cfi) resolves to \(resolution.sourceOffset), generated for \(expected) (offset \(offset))")
        }
        _ = index.sourceOffset(for: parsed.contentSteps, characterOffset: parsed.characterOffset)
    }

    /// The run a generated position names: the last one starting at or before `offset`, or the next.
    private static func chunk(at position: CFIContentPosition, near offset: Int, in index: ContentPathIndex) -> TextChunk? {
        var low = 0
        var high = index.chunks.count
        while low < high {
            let middle = (low + high) / 2
            if index.chunks[middle].sourceStart <= offset { low = middle + 1 } else { high = middle }
        }
        return [low - 1, low].lazy.filter { index.chunks.indices.contains($0) }.map { index.chunks[$0] }
            .first { $0.path == position.steps }
    }

    private static func rangeRoundTrip(_ range: Range<Int>, in index: ContentPathIndex) {
        guard let cfi = index.cfi(forSourceRange: range, spineIndex: 0) else { return }
        let parsed = reparse(cfi)
        let resolution = index.resolve(parsed)
        precondition(resolution.sourceOffset <= resolution.endSourceOffset, "\(cfi) resolves to an inverted range")
        _ = parsed.partialCFI
    }

    /// The CFI printed and parsed back, which must give an equal value (when short enough to parse).
    private static func reparse(_ cfi: EPUBCFI) -> EPUBCFI {
        let text = cfi.description
        guard text.utf8.count <= EPUBCFI.maximumLength else { return cfi }
        let parsed: EPUBCFI
        do {
            parsed = try EPUBCFI(parsing: text)
        } catch {
            preconditionFailure("generated \(text.prefix(300)) does not parse: \(error)")
        }
        precondition(parsed == cfi, "\(text.prefix(300)) parses back as \(parsed.description.prefix(300))")
        return parsed
    }
}

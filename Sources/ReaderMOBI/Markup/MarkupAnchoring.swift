/// Puts invisible `<span id>` anchors into MOBI and KF8 markup before it is parsed, so positions
/// in the raw byte stream (MOBI 6 `filepos`, KF8 `kindle:pos` offsets) can be found again in the
/// converted text, and rewrites link attributes to point at those anchors.
///
/// The anchors sit only where text may stand (between tags, outside `<head>`, `<script>`,
/// `<style>`, `<title>` and `<textarea>`), so they change no block and no shown character; the
/// HTML converter records each id with the source offset of the text that follows it.
struct MarkupAnchoring {
    /// The markup of one part, with byte offsets counted in the whole stream.
    let source: ArraySlice<UInt8>
    /// Stream offsets that links point at, sorted; each gets an anchor whose id is `targetID(offset)`.
    let targets: [Int]
    /// The id of the anchor for a target.
    let targetID: (Int) -> String
    /// Whether every run of text gets an anchor too (MOBI 6, whose positions are byte offsets).
    let anchorsTextRuns: Bool
    /// A replacement for an attribute (`filepos=…` → `href="#…"`), or nil to keep it.
    let rewrite: (_ name: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) -> (name: String, value: String)?

    /// The anchored markup.
    struct Result {
        /// The markup with anchors inserted and links rewritten.
        var bytes: [UInt8]
        /// Every anchor placed exactly at its stream offset, in order: the id and the offset.
        var exactAnchors: [(id: String, offset: Int)]
    }

    /// The id of the anchor at the start of a text run.
    static func runID(_ offset: Int) -> String { "_r\(offset)" }

    /// Elements whose content is not markup.
    private static let rawTextElements: Set<[UInt8]> = Set(["script", "style", "title", "textarea", "xmp"].map { Array($0.utf8) })

    func anchored() -> Result {
        var output: [UInt8] = []
        output.reserveCapacity(source.count + source.count / 8)
        var exact: [(id: String, offset: Int)] = []
        var nextTarget = targets.partitioningIndex { $0 < source.startIndex }
        var pending: [Int] = []  // targets met inside a tag or the head, placed before the next text
        var inHead = false
        var index = source.startIndex
        let end = source.endIndex

        func span(_ id: String) {
            output.append(contentsOf: Array("<span id=\"".utf8))
            output.append(contentsOf: Array(id.utf8))
            output.append(contentsOf: Array("\"></span>".utf8))
        }
        func flushPending() {
            for target in pending { span(targetID(target)) }
            pending.removeAll()
        }
        // Targets before `limit` that fall inside markup wait for the next text.
        func deferTargets(before limit: Int) {
            while nextTarget < targets.count, targets[nextTarget] < limit {
                pending.append(targets[nextTarget])
                nextTarget += 1
            }
        }

        while index < end {
            if source[index] == UInt8(ascii: "<") {
                let tagEnd = Self.endOfMarkup(source, at: index)
                deferTargets(before: tagEnd)
                let tag = TagName(source, at: index, end: tagEnd)
                if let tag, tag.isStart, tag.name == Array("head".utf8) { inHead = true }
                if let tag, tag.name == Array("body".utf8) || (!tag.isStart && tag.name == Array("head".utf8)) {
                    inHead = false
                }
                appendTag(source[index..<tagEnd], to: &output)
                index = tagEnd
                if let tag, tag.isStart, !tag.selfCloses, Self.rawTextElements.contains(tag.name) {
                    let close = Self.closingTag(of: tag.name, in: source, from: index)
                    deferTargets(before: close)
                    output.append(contentsOf: source[index..<close])
                    index = close
                }
                continue
            }
            // A run of text, up to the next tag.
            let runEnd = source[index...].firstIndex(of: UInt8(ascii: "<")) ?? end
            if inHead {
                deferTargets(before: runEnd)
                output.append(contentsOf: source[index..<runEnd])
                index = runEnd
                continue
            }
            flushPending()
            if anchorsTextRuns, source[index..<runEnd].contains(where: { !Self.isSpace($0) }) {
                span(Self.runID(index))
                exact.append((Self.runID(index), index))
            }
            var copied = index
            while nextTarget < targets.count, targets[nextTarget] < runEnd {
                let target = targets[nextTarget]
                nextTarget += 1
                let placed = Self.characterBoundary(in: source, at: max(target, copied), runEnd: runEnd)
                output.append(contentsOf: source[copied..<placed])
                copied = placed
                span(targetID(target))
                if placed == target { exact.append((targetID(target), target)) }
            }
            output.append(contentsOf: source[copied..<runEnd])
            index = runEnd
        }
        deferTargets(before: Int.max)
        flushPending()
        return Result(bytes: output, exactAnchors: exact)
    }

    /// Appends a tag, with its attributes rewritten when `rewrite` asks for it.
    private func appendTag(_ tag: ArraySlice<UInt8>, to output: inout [UInt8]) {
        guard tag.count > 2, tag[tag.startIndex + 1] != UInt8(ascii: "/"), tag[tag.startIndex + 1] != UInt8(ascii: "!"),
              tag[tag.startIndex + 1] != UInt8(ascii: "?") else {
            output.append(contentsOf: tag)
            return
        }
        var copied = tag.startIndex
        for attribute in TagAttributes(tag) {
            guard let replacement = rewrite(attribute.name, attribute.value) else { continue }
            output.append(contentsOf: tag[copied..<attribute.range.lowerBound])
            output.append(contentsOf: Array("\(replacement.name)=\"\(replacement.value)\"".utf8))
            copied = attribute.range.upperBound
        }
        output.append(contentsOf: tag[copied...])
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    /// The index after a tag, comment, declaration or processing instruction starting at `start`.
    static func endOfMarkup(_ bytes: ArraySlice<UInt8>, at start: Int) -> Int {
        let end = bytes.endIndex
        if bytes[start...].starts(with: Array("<!--".utf8)) {
            var index = start + 4
            while index + 2 < end {
                if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
                   bytes[index + 2] == UInt8(ascii: ">") { return index + 3 }
                index += 1
            }
            return end
        }
        var quote: UInt8?
        var index = start + 1
        while index < end {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                // Only a quote that opens an attribute value counts: `<p class=a'b>` has none.
                if bytes[index - 1] == UInt8(ascii: "=") || isSpace(bytes[index - 1]) { quote = byte }
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            }
            index += 1
        }
        return end
    }

    /// The index of `</name` after `from` (case-insensitive), or the end.
    static func closingTag(of name: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var index = start
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            let nameStart = open + 2
            if open + 1 < bytes.endIndex, bytes[open + 1] == UInt8(ascii: "/"), nameStart + name.count <= bytes.endIndex,
               zip(bytes[nameStart..<(nameStart + name.count)], name).allSatisfy({ $0 | 0x20 == $1 }) {
                return open
            }
            index = open + 1
        }
        return bytes.endIndex
    }

    /// The first place at or after `offset` where an anchor can go without splitting a UTF-8
    /// sequence or an entity reference.
    static func characterBoundary(in bytes: ArraySlice<UInt8>, at offset: Int, runEnd: Int) -> Int {
        var index = offset
        while index < runEnd, bytes[index] & 0xC0 == 0x80 { index += 1 }
        // Inside `&name;` or `&#123;`: go past the semicolon.
        var back = index - 1
        while back >= max(bytes.startIndex, index - 10) {
            let byte = bytes[back]
            if byte == UInt8(ascii: "&") {
                if let semicolon = bytes[index..<min(runEnd, index + 10)].firstIndex(of: UInt8(ascii: ";")) {
                    return semicolon + 1
                }
                break
            }
            guard byte == UInt8(ascii: "#") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) else { break }
            back -= 1
        }
        return index
    }
}

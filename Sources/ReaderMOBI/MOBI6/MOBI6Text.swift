import ReaderCore

/// The decoded text stream of a MOBI 6 book: one HTML document, divided into parts.
struct MOBI6Text: Sendable {
    /// The stream, in the book's encoding.
    let stream: [UInt8]
    /// Where it divides and where its links point.
    let layout: MOBI6Layout
    /// True for Windows-1252 books, false for UTF-8.
    let isWindows1252: Bool

    init(stream: [UInt8], isWindows1252: Bool) {
        self.stream = stream
        self.layout = MOBI6Layout(stream: stream)
        self.isWindows1252 = isWindows1252
    }

    /// The id of the anchor at a link target.
    static func targetID(_ filepos: Int) -> String { "filepos\(filepos)" }

    /// The filepos a rewritten link target names (`#filepos123` → 123).
    static func filepos(ofHref href: String) -> Int? {
        guard href.hasPrefix("#filepos") else { return nil }
        return Int(href.dropFirst("#filepos".count))
    }

    /// A part's markup as UTF-8, with anchors at every text run and link target, `filepos`
    /// links rewritten to `href="#filepos…"` and `recindex` images to `src="recindex:…"`.
    func markup(ofPart index: Int) -> (bytes: [UInt8], exactAnchors: [(id: String, offset: Int)]) {
        let range = layout.parts[index].range
        let targets = Array(layout.linkTargets[layout.linkTargets.partitioningIndex { $0 < range.lowerBound }...]
            .prefix { $0 < range.upperBound })
        let anchoring = MarkupAnchoring(
            source: stream[range], targets: targets, targetID: Self.targetID, anchorsTextRuns: true,
            rewrite: Self.rewrite)
        let result = anchoring.anchored()
        let bytes = isWindows1252 ? Self.utf8(fromWindows1252: result.bytes) : result.bytes
        return (bytes, result.exactAnchors)
    }

    private static func rewrite(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) -> (name: String, value: String)? {
        let lowered = String(decoding: name, as: UTF8.self).lowercased()
        guard lowered == "filepos" || lowered == "recindex" else { return nil }
        guard let number = Int(String(decoding: value, as: UTF8.self)) else { return nil }
        return lowered == "filepos" ? ("href", "#" + targetID(number)) : ("src", "recindex:\(number)")
    }

    private static func utf8(fromWindows1252 bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(where: { $0 >= 0x80 }) else { return bytes }
        return Array(MOBITextEncoding.windows1252.decode(bytes).utf8)
    }
}

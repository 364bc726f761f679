import ReaderCore

/// The decoded text stream of a MOBI 6 book: one HTML document, divided into parts.
struct MOBI6Text: Sendable {
    /// The stream, in the book's encoding.
    let stream: [UInt8]
    /// Where it divides and where its links point.
    let layout: MOBI6Layout
    /// True for Windows-1252 books, false for UTF-8.
    let isWindows1252: Bool
    /// The filepos of the contents page the guide names, when it names one.
    let guideContents: Int?

    init(stream: [UInt8], isWindows1252: Bool) {
        self.stream = stream
        self.layout = MOBI6Layout(stream: stream)
        self.isWindows1252 = isWindows1252
        self.guideContents = Self.guideContentsPosition(in: stream)
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

    /// The filepos of the guide's `<reference type="toc">`, when the MOBI 6 text has one.
    private static func guideContentsPosition(in stream: [UInt8]) -> Int? {
        let head = stream.prefix(16 << 10)
        var index = head.startIndex
        while let open = head[index...].firstIndex(of: UInt8(ascii: "<")) {
            let end = MarkupAnchoring.endOfMarkup(head, at: open)
            let tag = TagName(head, at: open, end: end)
            if let tag, tag.isStart, tag.name == Array("reference".utf8) {
                var type: String?
                var filepos: Int?
                for attribute in TagAttributes(head[open..<end]) {
                    let name = String(decoding: attribute.name, as: UTF8.self).lowercased()
                    if name == "type" { type = String(decoding: attribute.value, as: UTF8.self).lowercased() }
                    if name == "filepos" { filepos = Int(String(decoding: attribute.value, as: UTF8.self)) }
                }
                if type == "toc", let filepos, filepos < stream.count { return filepos }
            }
            if let tag, tag.name == Array("body".utf8) { return nil }
            index = end
        }
        return nil
    }
}

import ReaderCore

/// The text of a KF8 book: its rebuilt XHTML parts and, for each part, the offsets that
/// `kindle:pos` links and NCX entries point at.
struct KF8Text: Sendable {
    /// The parts and the link lookups.
    let table: KF8PartTable
    /// For each part, the sorted byte offsets something points at.
    let targets: [[Int]]

    /// Collects link targets from every part's `kindle:pos:fid:…:off:…` links and from `extra`
    /// (NCX and guide positions).
    init(table: KF8PartTable, extraTargets extra: [KF8PartPosition]) {
        self.table = table
        var targets = [Set<Int>](repeating: [], count: table.parts.count)
        for position in extra + table.parts.flatMap({ Self.linkTargets(in: $0, table: table) })
        where targets.indices.contains(position.partIndex) {
            targets[position.partIndex].insert(position.offset)
        }
        self.targets = targets.map { $0.sorted() }
    }

    /// The id of the anchor put at byte `offset` of a part.
    static func targetID(_ offset: Int) -> String { "kindle-pos-\(offset)" }

    /// A part's markup with anchors at its link targets, `kindle:pos` links rewritten to
    /// `partNNNN.xhtml#kindle-pos-OFFSET` and `kindle:embed` sources to `recindex:N`.
    func markup(ofPart index: Int) -> [UInt8] {
        let anchoring = MarkupAnchoring(source: table.parts[index].bytes[...], targets: targets[index],
                                        targetID: Self.targetID, anchorsTextRuns: false, rewrite: rewrite)
        return anchoring.anchored().bytes
    }

    /// The href a `kindle:pos` link becomes, or nil when it does not resolve.
    func href(for position: KF8PartPosition) -> String? {
        guard table.parts.indices.contains(position.partIndex) else { return nil }
        return table.parts[position.partIndex].fileName + "#" + Self.targetID(position.offset)
    }

    /// `kindle:pos` links become hrefs to the anchors; `kindle:embed` resources become
    /// `recindex:N`, as MOBI 6 names its images, so image sources read the same in both.
    private func rewrite(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) -> (name: String, value: String)? {
        if value.starts(with: Array("kindle:embed:".utf8)) {
            guard let embed = KindleEmbed(uri: String(decoding: value, as: UTF8.self)) else { return nil }
            return (String(decoding: name, as: UTF8.self), "recindex:\(embed.resourceNumber)")
        }
        guard value.starts(with: Array("kindle:pos:".utf8)) else { return nil }
        let uri = String(decoding: value, as: UTF8.self)
        guard let target = KindlePosition(uri: uri), let position = table.position(of: target),
              let href = href(for: position) else { return nil }
        return (String(decoding: name, as: UTF8.self), href)
    }

    private static func linkTargets(in part: KF8Part, table: KF8PartTable) -> [KF8PartPosition] {
        let prefix = Array("kindle:pos:fid:".utf8)
        var found: [KF8PartPosition] = []
        let bytes = part.bytes
        var index = 0
        while index + prefix.count < bytes.count {
            guard bytes[index] == UInt8(ascii: "k"), bytes[index..<(index + prefix.count)].elementsEqual(prefix) else {
                index += 1
                continue
            }
            let end = bytes[index...].prefix(64).firstIndex { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
                ?? min(bytes.count, index + 64)
            if let target = KindlePosition(uri: String(decoding: bytes[index..<end], as: UTF8.self)),
               let position = table.position(of: target) {
                found.append(position)
            }
            index = end
        }
        return found
    }
}

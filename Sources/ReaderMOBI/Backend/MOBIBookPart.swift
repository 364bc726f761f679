import ReaderCore

/// The part of a PDB file that is read as the book: its header, its text divided into parts and
/// its table of contents index. A combined file holds two (MOBI 6, then KF8 after the boundary).
struct MOBIBookPart: Sendable {
    /// The part's record 0 header.
    let header: MOBIHeader
    /// Where that record 0 is.
    let record0Index: Int
    /// The text, in parts.
    let source: MOBIMarkupSource
    /// The NCX index, nested.
    let ncx: [NCXNode]
    /// What was read around: a text record that stopped the text, a broken index.
    var damage: [String] = []

    /// Whether this is KF8.
    var isKF8: Bool {
        if case .kf8 = source { return true }
        return false
    }

    /// The most decoded text a book may have: far beyond any real book, and bounded memory.
    static let textLimit = 256 << 20

    /// Reads the MOBI 6 (or PalmDOC) text at record 0.
    static func mobi6(pdb: PDBFile, header: MOBIHeader) throws(ReaderError) -> MOBIBookPart {
        var damage: String?
        let stream = try MOBITextReader(pdb: pdb, header: header, record0Index: 0)
            .text(limit: textLimit, truncatingToTextLength: true, damage: &damage)
        let text = MOBI6Text(stream: stream, isWindows1252: header.textEncoding != .utf8)
        return MOBIBookPart(header: header, record0Index: 0, source: .mobi6(text),
                            ncx: NCXNode.tree(ncxEntries(pdb: pdb, header: header, record0Index: 0)),
                            damage: damage.map { [$0] } ?? [])
    }

    /// Reads a KF8 part whose skeleton, fragment or FDST index is broken, or whose text stops
    /// early: flow 0 as one stream of markup, parsed as MOBI 6 text is (kindlegen's skeletons
    /// come with their fragments after them, so the text stays in order), the TOC from its
    /// headings, and `problem` said.
    static func kf8AsOneStream(pdb: PDBFile, record0Index: Int, problem: String) throws(ReaderError) -> MOBIBookPart {
        let header = try MOBIHeader.parse(try pdb.record(record0Index))
        var damage: String?
        let text = try MOBITextReader(pdb: pdb, header: header, record0Index: record0Index)
            .text(limit: textLimit, damage: &damage)
        let flows = (header.fdstCount ?? 0) > 1
            ? header.fdstIndex.flatMap { index in try? FDSTTable(record: try pdb.record(record0Index + index), textLength: text.count) }
            : nil
        let stream = KF8SkeletonStripping.strip(flows?.flows.first.map { Array(text[$0]) } ?? text)
        return MOBIBookPart(header: header, record0Index: record0Index,
                            source: .mobi6(MOBI6Text(stream: stream, isWindows1252: false)), ncx: [],
                            damage: [problem + "; the text is read as one stream of markup, the contents from its headings"]
                                + (damage.map { [$0] } ?? []))
    }

    /// Reads the KF8 text whose record 0 is `record0Index`: flow 0 rebuilt into XHTML parts.
    /// A lost text record keeps its place (a notice of its size stands in for it), so the parts
    /// still divide; a text that stops early is refused, for ``kf8AsOneStream`` to read.
    static func kf8(pdb: PDBFile, record0Index: Int) throws(ReaderError) -> MOBIBookPart {
        let header = try MOBIHeader.parse(try pdb.record(record0Index))
        var damage: String?
        let text = try MOBITextReader(pdb: pdb, header: header, record0Index: record0Index)
            .text(limit: textLimit, damage: &damage)
        if let damage, text.count < header.textLength { throw ReaderError(.malformed, reason: damage) }
        // Kindlegen writes a meaningless FDST index with a count of 1 when the text is one flow.
        let fdst = (header.fdstCount ?? 0) > 1 ? header.fdstIndex : nil
        let flows = try fdst.map { index throws(ReaderError) in
            try FDSTTable(record: try pdb.record(record0Index + index), textLength: text.count)
        } ?? FDSTTable(wholeTextOf: text.count)
        guard let skeleton = header.skeletonIndex, let fragment = header.fragmentIndex, let flow0 = flows.flows.first else {
            throw ReaderError(.malformed, reason: "the KF8 header names no skeleton or fragment index")
        }
        let table = try KF8PartTable.read(pdb: pdb, skeletonIndexRecord: record0Index + skeleton,
                                          fragmentIndexRecord: record0Index + fragment, flow: Array(text[flow0]))
        let entries = ncxEntries(pdb: pdb, header: header, record0Index: record0Index)
        let targets = entries.compactMap { position(of: $0, in: table) }
        return MOBIBookPart(header: header, record0Index: record0Index,
                            source: .kf8(KF8Text(table: table, extraTargets: targets)), ncx: NCXNode.tree(entries),
                            damage: damage.map { [$0] } ?? [])
    }

    /// Where a KF8 NCX entry points: its `[fid, off]` position, else its insert coordinate.
    static func position(of entry: NCXEntry, in table: KF8PartTable) -> KF8PartPosition? {
        entry.kindlePosition.flatMap(table.position(of:)) ?? entry.filePosition.flatMap(table.position(atInsertCoordinate:))
    }

    /// The NCX entries; none when the header names no index or it does not read (the TOC then
    /// comes from the text).
    private static func ncxEntries(pdb: PDBFile, header: MOBIHeader, record0Index: Int) -> [NCXEntry] {
        (try? ncxEntriesOrError(pdb: pdb, header: header, record0Index: record0Index)) ?? []
    }

    /// Why the NCX index the header names does not read, or nil when it reads or none is named.
    static func ncxProblem(pdb: PDBFile, header: MOBIHeader, record0Index: Int) -> String? {
        do {
            _ = try ncxEntriesOrError(pdb: pdb, header: header, record0Index: record0Index)
            return nil
        } catch {
            return "the NCX index is broken (\(error.reason)); the contents come from the text"
        }
    }

    private static func ncxEntriesOrError(pdb: PDBFile, header: MOBIHeader, record0Index: Int) throws(ReaderError) -> [NCXEntry] {
        guard let ncx = header.ncxIndex else { return [] }
        return NCXEntry.entries(from: try MOBIIndex.read(pdb: pdb, indexRecord: record0Index + ncx))
    }
}

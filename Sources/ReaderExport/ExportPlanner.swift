import Foundation
import ReaderCore
import ReaderRendering

/// The first pass of an export: reads every section once, cuts the content documents, and places
/// the anchors that links, the table of contents and the page list need.
struct ExportPlanner {
    let document: any Document
    let options: EPUBExportOptions

    private var plan = ExportPlan()
    /// The blocks each section holds.
    private var blockCounts: [Int] = []
    /// For each element id, the first block of each section that carries it.
    private var anchorBlocks: [String: [BlockAddress]] = [:]
    /// Links met, in order, each once, and whether any of them is a note reference.
    private var linkOrder: [LinkKey] = []
    private var linksSeen: Set<LinkKey> = []
    private var noteLinks: Set<LinkKey> = []
    private var imagesSeen: Set<String> = []
    /// The TOC entries' positions, found once for both the cuts and the TOC.
    private var tocPositions: [Locator: TextPosition?] = [:]
    /// Each section's index by its href.
    private lazy var sectionByHref: [String: Int] = Dictionary(document.readingOrder.map { ($0.href, $0.index) },
                                                               uniquingKeysWith: { first, _ in first })
    private var anchorIDs: Set<String> = []

    init(document: any Document, options: EPUBExportOptions) {
        self.document = document
        self.options = options
    }

    /// Makes the plan.
    /// - Throws: ``ReaderError`` when a section cannot be read.
    static func plan(_ document: any Document, options: EPUBExportOptions) throws(ReaderError) -> ExportPlan {
        var planner = ExportPlanner(document: document, options: options)
        return try planner.build()
    }

    private mutating func build() throws(ReaderError) -> ExportPlan {
        let tocEntries = (try? document.tableOfContents()) ?? []
        var tocCuts: Set<BlockAddress> = []
        if options.splitLevel > 0 { collectCuts(tocEntries, depth: 1, into: &tocCuts) }
        try survey(tocCuts: tocCuts)
        if plan.files.isEmpty {
            plan.files.append(ExportFile(name: Self.fileName(1), start: BlockAddress(section: 0, block: 0), isLinear: true))
        }
        // Resolved section by section: a backend converts a section to find an id in it, and
        // keeps only the last few converted.
        let targets = linkOrder.map { targetSection($0) }
        for index in linkOrder.indices.sorted(by: { targets[$0] < targets[$1] }) {
            let key = linkOrder[index]
            guard let position = resolve(key) else { continue }
            plan.links[key] = href(for: position, note: noteLinks.contains(key))
        }
        plan.toc = tocEntries.map { exportEntry($0) }
        if let fixed = document as? any FixedPageProviding, fixed.pageCount > 0 {
            for page in 1...fixed.pageCount {
                guard let position = try? fixed.textPosition(ofPage: page), let placed = normalized(position) else { continue }
                let id = "page-\(page)"
                addMarker(InlineMarker(offset: placed.offset,
                                       markup: "<span epub:type=\"pagebreak\" id=\"\(id)\" title=\"\(page)\"></span>"),
                          id: id, at: BlockAddress(section: placed.section, block: placed.block))
                let file = plan.files[plan.fileIndex(of: BlockAddress(section: placed.section, block: placed.block))]
                plan.pages.append((String(page), ExportHref(file: file.name, fragment: id)))
            }
        }
        for address in plan.markers.keys { plan.markers[address]?.sort { $0.offset < $1.offset } }
        return plan
    }

    static func fileName(_ number: Int) -> String {
        let digits = String(number)
        return "c" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".xhtml"
    }

    // MARK: The pass

    private mutating func survey(tocCuts: Set<BlockAddress>) throws(ReaderError) {
        document.willReadSequentially()
        var size = 0
        var cutPending = true
        var previousLinear: Bool?
        for section in document.readingOrder {
            let blocks = try document.content(ofSection: section.index).blocks
            blockCounts.append(blocks.count)
            if section.startsNewPage || section.isLinear != previousLinear { cutPending = true }
            previousLinear = section.isLinear
            var idsInSection: Set<String> = []
            for (index, block) in blocks.enumerated() {
                let address = BlockAddress(section: section.index, block: index)
                let continuesTable = !block.tableRows.isEmpty && !block.tableRows[0].isFirstRow
                if tocCuts.contains(address) { cutPending = true }
                if size >= options.maximumDocumentBytes, block.listDepth == 0, block.quoteDepth == 0, !continuesTable {
                    cutPending = true
                }
                if cutPending {
                    plan.files.append(ExportFile(name: Self.fileName(plan.files.count + 1), start: address, isLinear: section.isLinear))
                    if plan.files.count == 1, case .image = block.kind { plan.startsWithImage = true }
                    size = 0
                    cutPending = false
                }
                size += block.text.utf8.count + 16
                if block.isHeading, plan.files[plan.files.count - 1].title == nil, !block.text.isEmpty {
                    plan.files[plan.files.count - 1].title = block.text.split(whereSeparator: \.isNewline).joined(separator: " ")
                }
                if let id = block.anchorID, idsInSection.insert(id).inserted { anchorBlocks[id, default: []].append(address) }
                note(block.runs, section: section.index)
                for row in block.tableRows { for cell in row.cells { note(cell.runs, section: section.index) } }
                if case .image(let source) = block.kind, !block.runs.contains(where: { if case .image = $0.style { true } else { false } }),
                   let source, !source.isEmpty {
                    addImage(source)
                }
            }
        }
    }

    private mutating func note(_ runs: [InlineRun], section: Int) {
        for run in runs {
            switch run.style {
            case .link(let target), .noteReference(let target):
                if case .external = target { continue }
                let key = LinkKey(target, in: section)
                if linksSeen.insert(key).inserted { linkOrder.append(key) }
                if case .noteReference = run.style { noteLinks.insert(key) }
            case .image(let reference):
                addImage(reference.href)
            default:
                break
            }
        }
    }

    private mutating func addImage(_ href: String) {
        if imagesSeen.insert(href).inserted { plan.imageHrefs.append(href) }
    }

    // MARK: Resolving

    /// Where a TOC entry points, asked of the document once.
    private mutating func tocPosition(_ entry: TOCEntry) -> TextPosition? {
        if let known = tocPositions[entry.locator] { return known }
        let position = try? document.textPosition(for: entry.locator)
        tocPositions[entry.locator] = position
        return position
    }

    private mutating func collectCuts(_ entries: [TOCEntry], depth: Int, into cuts: inout Set<BlockAddress>) {
        for entry in entries {
            if let position = tocPosition(entry) {
                cuts.insert(BlockAddress(section: position.section, block: position.block))
            }
            if depth < options.splitLevel { collectCuts(entry.children, depth: depth + 1, into: &cuts) }
        }
    }

    /// The section a link leads into, as far as its href tells (`Int.max` when it does not).
    private mutating func targetSection(_ key: LinkKey) -> Int {
        switch key.target {
        case .resource(let href, _): href.isEmpty ? key.section : sectionByHref[href] ?? .max
        case .locator(let locator): sectionByHref[locator.href] ?? .max
        case .external: .max
        }
    }

    /// Where a link leads, found by the document itself (which may place an id in another
    /// section than the link's href names: a MOBI 6 `filepos` names its own part), or by the first
    /// block carrying its id when the document places it elsewhere (ids that blocks carry but the
    /// backend does not resolve, such as Markdown footnotes).
    private mutating func resolve(_ key: LinkKey) -> TextPosition? {
        switch key.target {
        case .external:
            return nil
        case .locator(let locator):
            return (try? document.textPosition(for: locator)).flatMap(normalized)
        case .resource(let href, let fragment):
            let sectionHref = href.isEmpty ? document.readingOrder[key.section].href : href
            let section = sectionByHref[sectionHref]
            var byDocument: TextPosition?
            if let section {
                let locator = Locator(href: sectionHref, type: document.readingOrder[section].mediaType,
                                      locations: .init(fragments: fragment.map { [$0] }, progression: 0))
                byDocument = try? document.textPosition(for: locator)
            }
            if let fragment, let carriers = anchorBlocks[fragment] {
                let carrier = carriers.first { $0.section == section } ?? carriers[0]
                // The document's answer is exact when it is the carrier or the block before
                // (an id inside a paragraph is carried by the next block).
                if let byDocument, byDocument.section == carrier.section,
                   (carrier.block - 1...carrier.block).contains(byDocument.block) {
                    return normalized(byDocument)
                }
                return normalized(TextPosition(section: carrier.section, block: carrier.block, offset: 0))
            }
            if let byDocument { return normalized(byDocument) }
            return section.flatMap { normalized(TextPosition(section: $0, block: 0, offset: 0)) }
        }
    }

    /// The position moved onto a block that exists: a position in a section without blocks, or
    /// past its last block, goes to the next block of the document, else to the end of the last.
    private func normalized(_ position: TextPosition) -> TextPosition? {
        guard blockCounts.indices.contains(position.section) else { return nil }
        if position.block < blockCounts[position.section], position.block >= 0 { return position }
        for section in (position.section + 1)..<blockCounts.count where blockCounts[section] > 0 {
            return TextPosition(section: section, block: 0, offset: 0)
        }
        guard let last = blockCounts.lastIndex(where: { $0 > 0 }) else { return nil }
        return TextPosition(section: last, block: blockCounts[last] - 1, offset: Int.max)
    }

    /// The href of a position: its file, and an anchor placed there unless it is the file's start.
    private mutating func href(for position: TextPosition, note: Bool) -> ExportHref {
        let address = BlockAddress(section: position.section, block: position.block)
        let file = plan.files[plan.fileIndex(of: address)]
        if note, position.offset == 0 {
            let id = "n\(address.section)-\(address.block)"
            plan.notes[address] = id
            return ExportHref(file: file.name, fragment: id)
        }
        if file.start == address, position.offset == 0 { return ExportHref(file: file.name, fragment: nil) }
        let offset = position.offset == Int.max ? Int.max : position.offset
        let id = "a\(address.section)-\(address.block)-\(offset == Int.max ? "end" : String(offset))"
        addMarker(InlineMarker(offset: offset, markup: "<span id=\"\(id)\"></span>"), id: id, at: address)
        return ExportHref(file: file.name, fragment: id)
    }

    private mutating func addMarker(_ marker: InlineMarker, id: String, at address: BlockAddress) {
        guard anchorIDs.insert(id).inserted else { return }
        plan.markers[address, default: []].append(marker)
    }

    private mutating func exportEntry(_ entry: TOCEntry) -> ExportTOCEntry {
        var position = tocPosition(entry).flatMap(normalized)
        if position == nil, let section = sectionByHref[entry.locator.href] {
            position = normalized(TextPosition(section: section, block: 0, offset: 0))
        }
        let href = position.map { self.href(for: $0, note: false) } ?? ExportHref(file: plan.files[0].name, fragment: nil)
        let title = entry.title.trimmingCharacters(in: .whitespacesAndNewlines)
        return ExportTOCEntry(title: title.isEmpty ? "Untitled" : title, href: href, children: entry.children.map { exportEntry($0) },
                              position: position)
    }
}

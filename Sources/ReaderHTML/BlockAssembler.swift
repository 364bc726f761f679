import ReaderCore
import ReaderXML

/// What opening an element did, so closing it can undo exactly that.
struct OpenElement {
    /// The role the element was read with (a table cell outside a data table reads as a block).
    var role: HTMLElementRole
    /// The index of the element's record in ``HTMLContent/links``, when it is a link.
    var link: Int?
    /// Whether the element is a list item outside any list, which adds a list level of its own.
    var isOrphanItem = false
    /// Whether the element opened a row or cell of a data table, or a data table.
    var tablePart: TablePart = .none
    /// Whether the element is a `<nav>`.
    var isNavigation = false
    /// The token of the inline style the element opened (emphasis, a link, …).
    var styleToken: Int?
    /// Whether the element is a header cell of a data table.
    var isHeaderCell = false

    enum TablePart { case none, dataTable, layoutTable, row, cell }
}

/// Turns the events of the tree walk (elements opened and closed, shown text) into blocks.
///
/// Inline content is gathered in an ``InlineText``; every block-level element ends the block
/// being gathered when it opens and when it closes (inside a data-table cell it adds a space
/// instead). The kind of a block comes from where it ends: the innermost heading, else
/// preformatted text, else a quote when inside a block quote, else a paragraph; a list item's
/// first paragraph becomes the list item block.
struct BlockAssembler {
    let options: HTMLConversionOptions
    let classifier: ElementClassifier

    private(set) var blocks: [Block] = []
    private(set) var links: [HTMLLink] = []
    private(set) var images: [HTMLImage] = []
    private(set) var pageBreaks: [HTMLPageBreak] = []
    private(set) var sectionBreaks: [HTMLSectionBreak] = []

    /// The source offset reached so far: the UTF-16 length of the shown text met.
    private(set) var sourceOffset = 0

    private var inline = InlineText()
    /// Images that start a line of flowing text, not placed yet: they become image blocks when a
    /// line break or the end of the block follows them, and inline alternative text when text does.
    private var lineImages: [(image: InlineImage, spaceAfter: Int?)] = []
    private var quoteDepth = 0
    private var listDepth = 0
    private var preDepth = 0
    private var headingLevels: [Int] = []
    /// The roles of the open block-level elements, innermost last.
    private var blockRoles: [HTMLElementRole] = []
    private var lists: [ListCounter] = []
    /// Open `<nav>` elements.
    private var navigationDepth = 0
    private var pendingItem: PendingItem?
    /// Open groups of blocks packed without blank lines (lists, definition lists, tables).
    private var groups: [(id: Int, isList: Bool)] = []
    private var groupCount = 0
    private var lastGroup: Int?
    private var lastWasParagraph = false
    /// One entry per open table element: whether it is read as a data table.
    private var tableModes: [Bool] = []
    private var dataTables: [DataTable] = []

    /// A list item whose marker waits for the item's first paragraph.
    private struct PendingItem {
        var marker: String
        var listDepth: Int
        var quoteDepth: Int
        var sourceOffset: Int
        var anchorID: String?
        var group: Int?
    }

    /// A data table being read: finished rows, the open row, whether a cell is open.
    private struct DataTable {
        var group: Int
        var sourceOffset: Int
        var rows: [[InlineText]] = []
        var row: [InlineText]?
        var inCell = false
    }

    init(options: HTMLConversionOptions, classifier: ElementClassifier) {
        self.options = options
        self.classifier = classifier
    }

    private var inCell: Bool { dataTables.last?.inCell ?? false }
    private var inDataTable: Bool { tableModes.last ?? false }
    /// Whether text is read as preformatted now (all its white space is kept).
    var isPreformatted: Bool { preDepth > 0 && !inCell }
    /// Whether images at the start of a line may get blocks of their own (not in cells, headings
    /// or preformatted text, where their alternative text is always inline).
    private var allowsLineImages: Bool { !inCell && preDepth == 0 && headingLevels.isEmpty }

    // MARK: Events

    /// An element with an id starts: blocks starting from here on take it as their anchor.
    mutating func noteID(_ id: String) {
        inline.nearestID = id
    }

    /// Shown character data, starting at `sourceStart` in the source text, `units` UTF-16 units long.
    mutating func text(_ string: String, sourceStart: Int, units: Int) {
        defer { sourceOffset = sourceStart + units }
        if !lineImages.isEmpty {
            if string.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }) {
                if lineImages[lineImages.count - 1].spaceAfter == nil {
                    lineImages[lineImages.count - 1].spaceAfter = sourceStart
                }
                return
            }
            placeLineImagesInline()
        }
        if isPreformatted {
            inline.appendPreformatted(string, sourceStart: sourceStart)
        } else {
            inline.appendFlowing(string, sourceStart: sourceStart)
        }
    }

    /// A page-number marker (its content is not shown).
    mutating func pageBreak(_ element: MarkupElement, id: String?) {
        let label = [element.attribute("title"), element.attribute("aria-label")]
            .lazy.compactMap { $0?.collapsingWhitespace() }.first { !$0.isEmpty } ?? element.normalizedText
        pageBreaks.append(HTMLPageBreak(label: label, sourceOffset: sourceOffset, id: id))
    }

    /// An element opens with `role`; returns what closing it must undo.
    mutating func open(_ element: MarkupElement, name: String, role: HTMLElementRole, id: String?) -> OpenElement {
        var opened = OpenElement(role: role)
        if name == "a", let href = ElementClassifier.linkTarget(of: element) {
            opened.link = links.count
            let isNote = ElementClassifier.isNoteReference(element)
            links.append(HTMLLink(href: href, sourceRange: sourceOffset..<sourceOffset, isNoteReference: isNote, id: id))
            let target = LinkTarget.parsing(href)
            opened.styleToken = inline.openStyle(isNote ? .noteReference(target) : .link(target))
        } else if role == .inline, let style = InlineStyleNames.style(for: name) {
            opened.styleToken = inline.openStyle(style)
        }
        if name == "nav" {
            navigationDepth += 1
            opened.isNavigation = true
        }
        switch role {
        case .inline, .hidden, .pageBreak:
            break
        case .block, .paragraph, .figureCaption, .definitionTerm:
            beginBlock(role)
        case .heading(let level):
            beginBlock(role)
            headingLevels.append(min(max(level, 1), 6))
        case .preformatted:
            beginBlock(role)
            preDepth += 1
        case .quote:
            beginBlock(role)
            quoteDepth += 1
        case .list(let ordered):
            beginBlock(role)
            listDepth += 1
            lists.append(ListCounter(list: element, ordered: ordered, insideNavigation: navigationDepth > 0))
            pushGroup(isList: true)
        case .listItem:
            beginBlock(role)
            opened.isOrphanItem = openItem(element)
        case .definitionList:
            beginBlock(role)
            pushGroup(isList: false)
        case .definitionDescription:
            beginBlock(role)
            listDepth += 1
        case .table:
            opened.tablePart = openTable(element)
            opened.role = .block
            if opened.tablePart == .none { beginBlock(.block) }
        case .tableRow where inDataTable && !inCell:
            finishRow()
            dataTables[dataTables.count - 1].row = []
            opened.tablePart = .row
        case .tableCell where inDataTable && !inCell:
            flush()
            opened.isHeaderCell = name == "th"
            if dataTables[dataTables.count - 1].row == nil { dataTables[dataTables.count - 1].row = [] }
            dataTables[dataTables.count - 1].inCell = true
            opened.tablePart = .cell
        case .tableRow, .tableCell:
            opened.role = .block
            beginBlock(.block)
        case .image:
            addImage(element)
        case .lineBreak:
            if inCell {
                inline.appendBoundarySpace()
            } else {
                if !lineImages.isEmpty { flush() }  // the images had a line of their own
                inline.appendLineBreak(preformatted: isPreformatted)
            }
        case .wordBreak:
            if lineImages.isEmpty { inline.appendWordBreak() }
        case .rule:
            if inCell {
                inline.appendBoundarySpace()
            } else {
                flush()
                emit(.rule, text: "", map: Self.pointMap(at: sourceOffset), anchorID: inline.nearestID)
            }
        case .sectionBreak:
            flush()
            sectionBreaks.append(HTMLSectionBreak(blockIndex: blocks.count, sourceOffset: sourceOffset))
            opened.role = .block
            beginBlock(.block)
        }
        return opened
    }

    /// The element opened as `opened` closes.
    mutating func close(_ opened: OpenElement) {
        if let token = opened.styleToken { inline.closeStyle(token) }
        if let link = opened.link { links[link].sourceRange = links[link].sourceRange.lowerBound..<sourceOffset }
        if opened.isNavigation { navigationDepth -= 1 }
        switch opened.tablePart {
        case .dataTable:
            closeDataTable()
            return
        case .layoutTable:
            endBlock()
            tableModes.removeLast()
            return
        case .row:
            finishRow()
            return
        case .cell:
            var cell = inline.take()
            cell.isHeaderCell = opened.isHeaderCell
            dataTables[dataTables.count - 1].row?.append(cell)
            dataTables[dataTables.count - 1].inCell = false
            return
        case .none:
            break
        }
        switch opened.role {
        case .inline, .hidden, .pageBreak, .image, .lineBreak, .wordBreak, .rule, .table, .tableRow, .tableCell:
            break
        case .block, .paragraph, .figureCaption, .definitionTerm, .sectionBreak:
            endBlock()
        case .heading:
            endBlock()
            headingLevels.removeLast()
        case .preformatted:
            endBlock()
            preDepth -= 1
        case .quote:
            endBlock()
            quoteDepth -= 1
        case .list:
            endBlock()
            listDepth -= 1
            lists.removeLast()
            groups.removeLast()
        case .listItem:
            endBlock()
            resolvePendingItem()
            if opened.isOrphanItem { listDepth -= 1 }
        case .definitionList:
            endBlock()
            groups.removeLast()
        case .definitionDescription:
            endBlock()
            listDepth -= 1
        }
    }

    /// Ends the last block once the walk is over.
    mutating func finish() {
        flush()
        resolvePendingItem()
    }

    // MARK: Block structure

    private mutating func beginBlock(_ role: HTMLElementRole) {
        boundary()
        blockRoles.append(role)
    }

    private mutating func endBlock() {
        boundary()
        if !blockRoles.isEmpty { blockRoles.removeLast() }
    }

    /// A block boundary: ends the block being gathered, or inside a data cell adds a space.
    private mutating func boundary() {
        if inCell { inline.appendBoundarySpace() } else { flush() }
    }

    private mutating func pushGroup(isList: Bool) {
        if isList, let last = groups.last, last.isList {
            groups.append(last)
            return
        }
        groupCount += 1
        groups.append((groupCount, isList))
    }

    /// Opens a list item: an earlier item still waiting for a paragraph gets its marker alone,
    /// and this item's marker waits (an unmarked item is a plain block container). Returns whether
    /// the item sits outside any list.
    private mutating func openItem(_ element: MarkupElement) -> Bool {
        resolvePendingItem()
        let isOrphan = lists.isEmpty
        let marker: String?
        if isOrphan {
            listDepth += 1
            marker = ListCounter.marker(0, style: .bullet)
        } else {
            marker = lists[lists.count - 1].marker(value: element.attribute("value").flatMap { Int($0.trimmed) })
        }
        if let marker {
            pendingItem = PendingItem(marker: marker, listDepth: listDepth, quoteDepth: quoteDepth,
                                      sourceOffset: sourceOffset, anchorID: inline.nearestID, group: groups.last?.id)
        }
        return isOrphan
    }

    /// Emits the marker of a list item that got no paragraph of its own, as an empty list item.
    private mutating func resolvePendingItem() {
        guard let item = pendingItem else { return }
        pendingItem = nil
        append(markerOnly(item), group: item.group, isParagraph: false, isCaption: false)
    }

    private func markerOnly(_ item: PendingItem) -> Block {
        Block(kind: .listItem(marker: item.marker), text: "", sourceMap: Self.pointMap(at: item.sourceOffset),
              listDepth: item.listDepth, quoteDepth: item.quoteDepth, anchorID: item.anchorID)
    }

    // MARK: Tables

    private mutating func openTable(_ element: MarkupElement) -> OpenElement.TablePart {
        if inCell { return .none }  // a table inside a data cell is read as text (normally a layout table)
        boundary()
        blockRoles.append(.block)
        if TableShape.isLayoutTable(element, classifier: classifier) {
            tableModes.append(false)
            return .layoutTable
        }
        tableModes.append(true)
        pushGroup(isList: false)
        dataTables.append(DataTable(group: groups[groups.count - 1].id, sourceOffset: sourceOffset))
        return .dataTable
    }

    private mutating func finishRow() {
        guard let row = dataTables.last?.row else { return }
        dataTables[dataTables.count - 1].rows.append(row)
        dataTables[dataTables.count - 1].row = nil
    }

    private mutating func closeDataTable() {
        finishRow()
        flush()
        let table = dataTables.removeLast()
        let rows = TableRows.render(table.rows, maxAlignedColumnWidth: options.maxAlignedColumnWidth)
        for (index, row) in rows.enumerated() {
            let start = row.startOffset ?? table.sourceOffset
            var runs = row.map.runs
            if runs.first?.textStart != 0 { runs.insert(SourceMap.Run(textStart: 0, sourceStart: start, length: 0), at: 0) }
            let cells = TableRow(cells: row.cells, isFirstRow: index == 0, isHeader: row.cells.allSatisfy(\.isHeader))
            emit(quoteDepth > 0 ? .quote : .paragraph, text: row.text, map: SourceMap(runs: runs),
                 anchorID: row.anchorID, group: table.group, runs: row.runs, tableRows: [cells])
            for image in row.images { images[image.record].blockIndex = blocks.count - 1 }
        }
        groups.removeLast()
        tableModes.removeLast()
        if !blockRoles.isEmpty { blockRoles.removeLast() }
    }

    // MARK: Images

    private mutating func addImage(_ element: MarkupElement) {
        let alt = (element.attribute("alt") ?? "").collapsingWhitespace()
        let source = ElementClassifier.imageSource(of: element)
        let reference = ImageReference(href: source ?? "", alternativeText: alt,
                                       width: InlineStyleNames.pixels(element.attribute("width")),
                                       height: InlineStyleNames.pixels(element.attribute("height")))
        let image = InlineImage(record: images.count, alternativeText: alt, source: source,
                                sourceOffset: sourceOffset, anchorID: inline.nearestID, reference: reference)
        images.append(HTMLImage(source: source, alternativeText: alt, sourceOffset: sourceOffset))
        if allowsLineImages, !lineImages.isEmpty || inline.isAtLineStart {
            lineImages.append((image, nil))
            return
        }
        inline.images.append(image)
        inline.appendImage(reference, at: sourceOffset, preformatted: isPreformatted)
    }

    /// Text follows the images that started the line: they are inline after all.
    private mutating func placeLineImagesInline() {
        for (image, spaceAfter) in lineImages {
            inline.images.append(image)
            inline.appendImage(image.reference, at: image.sourceOffset, preformatted: false)
            if let spaceAfter { inline.appendSpace(at: spaceAfter) }
        }
        lineImages.removeAll()
    }

    // MARK: Emitting

    /// Ends the block being gathered: a heading when inside one (its images' alternative text
    /// as its text), image blocks when the content holds images and no text of the document's
    /// own, else a preformatted, quote or paragraph block; then the images that had the last line
    /// to themselves.
    private mutating func flush() {
        let content = inline.take()
        let trailingImages = lineImages.map(\.image)
        lineImages.removeAll()
        if !content.isEmpty { emitContent(content) }
        for image in trailingImages { emitImage(image) }
    }

    private mutating func emitContent(_ content: InlineText) {
        let anchorID = content.startOffset == nil ? inline.nearestID : content.anchorID
        let kind: Block.Kind
        if let level = headingLevels.last, content.length > 0 {
            kind = .heading(level: level)
        } else if !content.images.isEmpty, !content.hasDocumentText {
            for image in content.images { emitImage(image) }
            return
        } else if content.length > 0 {
            kind = preDepth > 0 ? .preformatted : quoteDepth > 0 ? .quote : .paragraph
        } else {
            return
        }
        emit(kind, text: content.text, map: content.anchoredMap(defaultOffset: sourceOffset), anchorID: anchorID,
             runs: content.runs)
        for image in content.images { images[image.record].blockIndex = blocks.count - 1 }
    }

    private mutating func emitImage(_ image: InlineImage) {
        emit(.image(source: image.source), text: image.alternativeText, map: Self.pointMap(at: image.sourceOffset),
             anchorID: image.anchorID,
             runs: [InlineRun(.image(image.reference), range: 0..<image.alternativeText.utf16Length)])
        images[image.record].blockIndex = blocks.count - 1
    }

    /// Appends a block; the first paragraph of a pending list item becomes the item's block, and
    /// any other block first gets the item's marker on an empty list item of its own.
    private mutating func emit(_ kind: Block.Kind, text: String, map: SourceMap, anchorID: String?,
                               group: Int? = nil, runs: [InlineRun] = [], tableRows: [TableRow] = []) {
        var kind = kind
        if let item = pendingItem {
            pendingItem = nil
            let isText: Bool
            switch kind {
            case .paragraph, .quote: isText = true
            default: isText = false
            }
            if isText && item.listDepth == listDepth && item.quoteDepth == quoteDepth {
                kind = .listItem(marker: item.marker)
            } else {
                append(markerOnly(item), group: item.group, isParagraph: false, isCaption: false)
            }
        }
        let role = blockRoles.last
        let block = Block(kind: kind, text: text, sourceMap: map, listDepth: listDepth, quoteDepth: quoteDepth,
                          anchorID: anchorID, runs: runs, tableRows: tableRows)
        append(block, group: group ?? groups.last?.id, isParagraph: role == .paragraph && group == nil,
               isCaption: role == .figureCaption)
    }

    /// Appends a block with its spacing: none for the first block, none between blocks of one
    /// list, definition list or table (unless either comes from a `<p>`), none for a caption
    /// right under an image, else one blank line.
    private mutating func append(_ block: Block, group: Int?, isParagraph: Bool, isCaption: Bool) {
        var block = block
        if blocks.isEmpty {
            block.spacingBefore = 0
        } else if isCaption, case .image = blocks[blocks.count - 1].kind {
            block.spacingBefore = 0
        } else if let group, group == lastGroup, !isParagraph, !lastWasParagraph {
            block.spacingBefore = 0
        } else {
            block.spacingBefore = 1
        }
        blocks.append(block)
        lastGroup = group
        lastWasParagraph = isParagraph
    }

    /// A map sending every offset of a block with no source text of its own to `offset`.
    static func pointMap(at offset: Int) -> SourceMap {
        SourceMap(runs: [SourceMap.Run(textStart: 0, sourceStart: offset, length: 0)])
    }
}

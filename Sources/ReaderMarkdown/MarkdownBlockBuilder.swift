import Foundation
import ReaderCore

/// A heading met while building blocks, for the table of contents and Locator titles.
struct HeadingRecord: Hashable, Sendable {
    /// The index of the heading's block.
    var block: Int
    /// The heading level, 1...6.
    var level: Int
    /// The heading's text on one line.
    var title: String
}

/// Turns the parsed tree into ``Block``s whose source maps point into the decoded source.
struct MarkdownBlockBuilder {
    private let source: [UInt16]
    private let index: SourceIndex
    /// The blocks built so far.
    private(set) var blocks: [Block] = []
    /// The headings met so far, in order.
    private(set) var headings: [HeadingRecord] = []

    private var listDepth = 0
    private var quoteDepth = 0
    private var insideTightList = false
    private var tightRunStarted = false
    private var anchorID: String?
    /// True from the start of a block quote to its first paragraph, which may open with a GitHub
    /// alert marker (`[!NOTE]`).
    private var alertMayFollow = false
    private var slugs = HeadingSlugs()
    private let footnotes: FootnoteMarks

    /// A builder over the decoded source (UTF-16 units) and its line index.
    init(source: [UInt16], index: SourceIndex) {
        self.source = source
        self.index = index
        self.footnotes = FootnoteMarks(source: source)
    }

    /// Builds the blocks of a document node.
    mutating func build(_ document: MarkdownNode) {
        walk(document)
    }

    // MARK: Block structure

    private mutating func walk(_ node: MarkdownNode) {
        switch node.kind {
        case .document, .other, .tableRow, .tableCell:
            node.children.forEach { walk($0) }
        case .blockQuote:
            quoteDepth += 1
            alertMayFollow = true
            node.children.forEach { walk($0) }
            alertMayFollow = false
            quoteDepth -= 1
        case .list(let style):
            walkList(node, style: style)
        case .item(let task):
            walkItem(node, marker: task.map { $0 ? "[x]" : "[ ]" } ?? "•")
        case .paragraph:
            addParagraph(node)
        case .heading(let level):
            addInlineBlock(node, kind: .heading(level: min(max(level, 1), 6)))
        case .codeBlock(let isFenced):
            addLiteralBlock(node, skippingFirstLine: isFenced)
        case .htmlBlock:
            addHTMLBlock(node)
        case .thematicBreak:
            let range = blockRange(of: node.span)
            emit(.rule, text: "", map: SourceMap().anchored(at: range.lowerBound))
        case .table(let alignments):
            addTable(node, alignments: alignments)
        case .text, .softBreak, .lineBreak, .code, .htmlInline, .emphasis, .strong, .strikethrough, .link, .image:
            // Inlines outside a paragraph do not occur in cmark's tree; read them as one.
            addInlineBlock(MarkdownNode(kind: .paragraph, span: node.span, children: [node]),
                           kind: quoteDepth > 0 ? .quote : .paragraph)
        }
    }

    private mutating func walkList(_ node: MarkdownNode, style: ListStyle) {
        let saved = (insideTightList, tightRunStarted)
        if !(style.isTight && insideTightList) { tightRunStarted = false }
        insideTightList = style.isTight
        listDepth += 1
        for (position, item) in node.children.enumerated() {
            guard case .item = item.kind else {
                walk(item)  // text flattened below the depth limit
                continue
            }
            let number = style.start + position
            let marker = style.isOrdered ? "\(number)\(style.delimiter)" : "•"
            if case .item(let task?) = item.kind {
                walkItem(item, marker: task ? "[x]" : "[ ]")
            } else {
                walkItem(item, marker: marker)
            }
        }
        listDepth -= 1
        insideTightList = saved.0
        if !insideTightList { tightRunStarted = false }
    }

    /// The item's first paragraph becomes the list item block; an item that starts with anything
    /// else gets a marker-only list item block before its content.
    private mutating func walkItem(_ item: MarkdownNode, marker: String) {
        var rest = item.children[...]
        if let first = rest.first, case .paragraph = first.kind {
            addInlineBlock(first, kind: .listItem(marker: marker), keepEmpty: true)
            rest = rest.dropFirst()
        } else {
            let range = blockRange(of: item.span)
            emit(.listItem(marker: marker), text: "", map: SourceMap().anchored(at: range.lowerBound))
        }
        rest.forEach { walk($0) }
    }

    // MARK: Leaf blocks

    private mutating func addParagraph(_ node: MarkdownNode) {
        if let image = soleImage(of: node) {
            let range = blockRange(of: node.span)
            var aligner = SourceAligner(source: source, start: range.lowerBound, limit: range.upperBound)
            var inline = InlineText()
            render(image.alt, aligner: &aligner, into: &inline)
            let reference = ImageReference(href: image.url, alternativeText: inline.text)
            emit(.image(source: image.url.isEmpty ? nil : image.url), text: inline.text,
                 map: inline.map.anchored(at: range.lowerBound),
                 runs: [InlineRun(.image(reference), range: 0..<inline.length)])
            return
        }
        addInlineBlock(node, kind: quoteDepth > 0 ? .quote : .paragraph)
    }

    /// A paragraph holding nothing but one image (possibly wrapped in a link).
    private func soleImage(of paragraph: MarkdownNode) -> (url: String, alt: [MarkdownNode])? {
        let meaningful = paragraph.children.filter { !Self.isBlank($0) }
        guard meaningful.count == 1 else { return nil }
        switch meaningful[0].kind {
        case .image(let url):
            return (url, meaningful[0].children)
        case .link:
            let inner = meaningful[0].children.filter { !Self.isBlank($0) }
            if inner.count == 1, case .image(let url) = inner[0].kind { return (url, inner[0].children) }
            return nil
        default:
            return nil
        }
    }

    private static func isBlank(_ node: MarkdownNode) -> Bool {
        switch node.kind {
        case .softBreak, .lineBreak: true
        case .text: (node.literal ?? "").allSatisfy(\.isWhitespace)
        default: false
        }
    }

    private mutating func addInlineBlock(_ node: MarkdownNode, kind: Block.Kind, keepEmpty: Bool = false) {
        let range = blockRange(of: node.span)
        var aligner = SourceAligner(source: source, start: range.lowerBound, limit: range.upperBound)
        var inline = InlineText()
        render(node.children, aligner: &aligner, into: &inline)
        if alertMayFollow {
            alertMayFollow = false
            if case .quote = kind { GitHubAlert.relabel(&inline, source: source) }
        }
        if case .heading(let level) = kind {
            recordHeading(inline, level: level)
        } else if inline.text.isEmpty && !keepEmpty {
            return
        }
        let text = inline.text
        let definition = footnotes.definitionLabel(of: text)
        if let definition { anchorID = FootnoteMarks.id(of: definition) }
        let code = inline.runs.filter { $0.style == .code }.map(\.range)
        inline.runs += footnotes.references(in: text, excluding: code, definition: definition != nil)
        emit(kind, text: text, map: inline.map.anchored(at: range.lowerBound), runs: inline.sortedRuns)
    }

    /// Notes the heading about to be emitted for the table of contents and gives it an anchor.
    private mutating func recordHeading(_ inline: InlineText, level: Int) {
        // A badge's or logo's alternative text is no part of the title, unless it is all there is.
        let words = Self.text(of: inline, leavingOutImages: true).replacingOccurrences(of: "\n", with: " ").trimmingWhitespace()
        let title = words.isEmpty ? inline.text.replacingOccurrences(of: "\n", with: " ").trimmingWhitespace() : words
        if !title.isEmpty {
            anchorID = slugs.slug(for: title) ?? anchorID
            headings.append(HeadingRecord(block: blocks.count, level: level, title: title))
        }
    }

    /// A raw HTML block: its readable text as paragraphs, headings and preformatted blocks (see
    /// ``HTMLBlockReader``), each piece mapped back to where it is in the source.
    private mutating func addHTMLBlock(_ node: MarkdownNode) {
        let range = blockRange(of: node.span)
        let literal = node.literal ?? ""
        let (segments, ends) = HTMLBlockReader.read(literal)
        // Where the block's source is its literal unit for unit (an HTML block outside a quote or
        // list), each segment's text is looked for only up to the tag that ends it: text a
        // segment cannot find (an entity) must not be matched in the next segment's.
        // (cmark-gfm ends the literal with a line feed the last line of a file may not have.)
        let units = Array(literal.utf16)
        let shared = max(0, min(units.count, source.count - range.lowerBound))
        let literalIsSource = units[shared...].allSatisfy { $0 == 0x0A }
            && source[range.lowerBound..<(range.lowerBound + shared)].elementsEqual(units[..<shared])
        var aligner = SourceAligner(source: source, start: range.lowerBound, limit: range.upperBound)
        for (segment, end) in zip(segments, ends) {
            if literalIsSource {
                aligner = SourceAligner(source: source, start: aligner.cursor, limit: max(aligner.cursor, range.lowerBound + end))
            }
            var inline = InlineText()
            let segmentStart = aligner.cursor
            for piece in segment.pieces {
                let start = inline.length
                if !piece.isSeparator {
                    aligner.align(Array(piece.text.utf16), hint: nil, textStart: start, into: &inline.map)
                }
                inline.add(piece.text)
                for style in piece.styles { inline.extendOrAppend(style, range: start..<inline.length) }
            }
            let map = inline.map.anchored(at: segmentStart)
            switch segment.kind {
            case .preformatted:
                emit(.preformatted, text: inline.text, map: map)
            case .heading(let level):
                recordHeading(inline, level: level)
                emit(.heading(level: level), text: inline.text, map: map, runs: inline.sortedRuns)
            case .paragraph:
                if inline.runs.count == 1, case .image(let reference) = inline.runs[0].style,
                   inline.runs[0].range == 0..<inline.length {
                    emit(.image(source: reference.href.isEmpty ? nil : reference.href), text: inline.text, map: map,
                         runs: inline.runs)
                } else {
                    emit(quoteDepth > 0 ? .quote : .paragraph, text: inline.text, map: map, runs: inline.sortedRuns)
                }
            }
        }
    }

    /// The inline text, without the alternative text of its images when `leavingOutImages`.
    static func text(of inline: InlineText, leavingOutImages: Bool) -> String {
        let images = inline.runs.compactMap { run -> Range<Int>? in
            if case .image = run.style { return run.range }
            return nil
        }
        guard leavingOutImages, !images.isEmpty else { return inline.text }
        let units = Array(inline.text.utf16)
        let kept = units.indices.filter { index in !images.contains { $0.contains(index) } }.map { units[$0] }
        return String(decoding: kept, as: UTF16.self)
    }

    /// Code and HTML blocks: the literal without its final line breaks (an unclosed fence keeps the
    /// blank lines before the next block), each line mapped to the source line it was taken from.
    private mutating func addLiteralBlock(_ node: MarkdownNode, skippingFirstLine: Bool) {
        let range = blockRange(of: node.span)
        var literal = (node.literal ?? "").replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "\r", with: "\n")
        while literal.hasSuffix("\n") { literal.removeLast() }
        var map = SourceMap()
        if let span = node.span {
            var line = span.startLine + (skippingFirstLine ? 1 : 0)
            var textOffset = 0
            let lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
            for (number, text) in lines.enumerated() {
                let units = Array(text.utf16)
                let contentEnd = index.utf16Offset(ofContentEnd: line)
                var aligner = SourceAligner(source: source, start: index.utf16Offset(ofLineStart: line), limit: contentEnd)
                aligner.align(units, hint: nil, textStart: textOffset, into: &map)
                textOffset += units.count
                if number < lines.count - 1 {
                    if contentEnd < source.count, source[contentEnd] == 0x0A {
                        map.append(textStart: textOffset, sourceStart: contentEnd, length: 1)
                    }
                    textOffset += 1
                }
                line += 1
            }
        }
        emit(.preformatted, text: literal, map: map.anchored(at: range.lowerBound))
    }

    private mutating func addTable(_ node: MarkdownNode, alignments: [TableAlignment]) {
        var range = blockRange(of: node.span)
        // A table whose header row was a paragraph's last line gets the paragraph's start from
        // cmark-gfm: its cells are looked for after the blocks before it, not in that paragraph.
        if let end = blocks.last?.sourceMap.runs.last?.sourceEnd, range.contains(end) { range = end..<range.upperBound }
        var aligner = SourceAligner(source: source, start: range.lowerBound, limit: range.upperBound)
        var rows: [[TableText.Cell]] = []
        var tableRows: [TableRow] = []
        var hasHeader = false
        for row in node.children {
            guard case .tableRow(let isHeader) = row.kind else { continue }
            if rows.isEmpty { hasHeader = isHeader }
            var cells: [TableText.Cell] = []
            var tableCells: [TableCell] = []
            for cell in row.children {
                var inline = InlineText()
                render(cell.children, aligner: &aligner, into: &inline)
                cells.append(TableText.Cell(text: inline.text, map: inline.map))
                tableCells.append(TableCell(text: inline.text, runs: inline.sortedRuns, isHeader: isHeader))
            }
            tableRows.append(TableRow(cells: tableCells, isFirstRow: rows.isEmpty, isHeader: isHeader))
            rows.append(cells)
        }
        let table = TableText(rows: rows, hasHeader: hasHeader, alignments: alignments).render()
        emit(.preformatted, text: table.text, map: table.map.anchored(at: range.lowerBound), tableRows: tableRows)
    }

    // MARK: Inlines

    /// Block text being assembled, with its UTF-16 length kept alongside.
    struct InlineText {
        var text = ""
        var length = 0
        var map = SourceMap()
        /// Runs in the order their nodes closed (inner before outer).
        var runs: [InlineRun] = []

        mutating func add(_ piece: String) {
            text += piece
            length += piece.utf16Length
        }

        /// The runs in block order.
        var sortedRuns: [InlineRun] { InlineRun.ordered(closingOrder: runs) }

        /// Adds a run of `style` over `range`, lengthening the last run of that style when it ends
        /// where `range` starts (an element's text split by a child element stays one run).
        /// Images are never merged: each is a run of its own, even when empty.
        mutating func extendOrAppend(_ style: InlineStyle, range: Range<Int>) {
            if case .image = style {
                runs.append(InlineRun(style, range: range))
                return
            }
            guard !range.isEmpty else { return }
            if let index = runs.lastIndex(where: { $0.style == style }), runs[index].range.upperBound == range.lowerBound {
                runs[index].range = runs[index].range.lowerBound..<range.upperBound
            } else {
                runs.append(InlineRun(style, range: range))
            }
        }
    }

    private func render(_ nodes: [MarkdownNode], aligner: inout SourceAligner, into inline: inout InlineText) {
        for node in nodes {
            switch node.kind {
            case .text, .code:
                let literal = node.literal ?? ""
                let start = inline.length
                aligner.align(Array(literal.utf16), hint: inlineRange(of: node.span), textStart: inline.length,
                              into: &inline.map)
                inline.add(literal)
                if case .code = node.kind, inline.length > start { inline.runs.append(InlineRun(.code, range: start..<inline.length)) }
            case .softBreak:
                inline.add(" ")
            case .lineBreak:
                inline.add("\n")
            case .htmlInline:
                break
            default:
                let start = inline.length
                render(node.children, aligner: &aligner, into: &inline)
                if let style = Self.style(of: node.kind, text: inline.text, from: start) {
                    let isImage = if case .image = style { true } else { false }
                    if inline.length > start || isImage { inline.runs.append(InlineRun(style, range: start..<inline.length)) }
                }
            }
        }
    }

    /// The inline style a container node gives its children's text (an image's alternative text
    /// is that text from `start`).
    private static func style(of kind: MarkdownNode.Kind, text: String, from start: Int) -> InlineStyle? {
        switch kind {
        case .emphasis: return .emphasis
        case .strong: return .strong
        case .strikethrough: return .strikethrough
        case .link(let url): return .link(LinkTarget.parsing(url))
        case .image(let url):
            let alt = String(decoding: Array(text.utf16).dropFirst(start), as: UTF16.self)
            return .image(ImageReference(href: url, alternativeText: alt))
        default: return nil
        }
    }

    // MARK: Positions

    /// The UTF-16 range a block's source lies in: from its start to the end of its last line.
    private func blockRange(of span: SourceSpan?) -> Range<Int> {
        // cmark-gfm leaves some blocks without a position (a paragraph whose last line became a
        // table's header row): such a block is looked for after the blocks before it, not at 0.
        guard let span else {
            let start = blocks.lazy.compactMap { $0.sourceMap.runs.last?.sourceEnd }.max() ?? 0
            return start..<max(start, source.count)
        }
        let start = index.utf16Offset(line: span.startLine, column: span.startColumn)
            ?? index.utf16Offset(ofLineStart: span.startLine)
        let end = span.endColumn > 0 ? index.utf16Offset(ofLineEnd: span.endLine)
                                     : index.utf16Offset(ofLineStart: span.endLine)
        return start..<max(start, end)
    }

    /// The UTF-16 range of an inline node, from its first byte to just after its last byte.
    private func inlineRange(of span: SourceSpan?) -> Range<Int>? {
        guard let span, span.endLine > 0, span.endColumn > 0,
              let start = index.utf16Offset(line: span.startLine, column: span.startColumn),
              let end = index.utf16Offset(line: span.endLine, column: span.endColumn + 1),
              start <= end else { return nil }
        return start..<end
    }

    // MARK: Emitting

    private mutating func emit(_ kind: Block.Kind, text: String, map: SourceMap, runs: [InlineRun] = [],
                               tableRows: [TableRow] = []) {
        let spacing = blocks.isEmpty ? 0 : (insideTightList && tightRunStarted ? 0 : 1)
        blocks.append(Block(kind: kind, text: text, sourceMap: map, listDepth: listDepth, quoteDepth: quoteDepth,
                            spacingBefore: spacing, anchorID: anchorID, runs: runs, tableRows: tableRows))
        tightRunStarted = insideTightList
    }
}

extension String {
    /// The string without leading and trailing whitespace and line breaks.
    func trimmingWhitespace() -> String {
        var slice = self[...]
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

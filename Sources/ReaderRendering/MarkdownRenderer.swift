import ReaderCore

/// Writes blocks as CommonMark with GitHub's extensions (tables, strikethrough), so that any
/// Markdown viewer shows them and cmark-gfm reads back the same words.
///
/// Feed it the sections in reading order; it keeps what crosses block boundaries (the indentation
/// of open list items, the rows of a table being gathered) between calls.
public struct MarkdownRenderer {
    /// The column where the content of the last list item at each depth starts (index 0: depth 1).
    private var itemContentColumns: [Int] = []
    private var pendingTable: [TableRow] = []
    private var pendingTablePrefix = ""
    private var wroteBlock = false

    /// Creates a renderer.
    public init() {}

    /// The Markdown of one section's blocks, a blank line between blocks (and before the first,
    /// after an earlier section).
    public mutating func render(_ content: SectionContent) -> String {
        var output = ""
        for block in content.blocks { render(block, into: &output) }
        flushTable(into: &output)
        return output
    }

    private mutating func render(_ block: Block, into output: inout String) {
        if !block.tableRows.isEmpty, !block.isPreformattedTable {
            if block.tableRows[0].isFirstRow { flushTable(into: &output) }
            if pendingTable.isEmpty { pendingTablePrefix = prefix(for: block, continuation: true) }
            pendingTable += block.tableRows
            return
        }
        flushTable(into: &output)
        let linePrefix = prefix(for: block, continuation: true)
        var firstPrefix = linePrefix
        var body: String
        switch block.kind {
        case .heading(let level):
            body = String(repeating: "#", count: min(max(level, 1), 6)) + " "
                + inline(block).replacingOccurrences(of: "\n", with: " ")
        case .paragraph, .quote:
            body = inline(block)
        case .listItem(let marker):
            let written = Self.markdownMarker(marker)
            firstPrefix = prefix(for: block, continuation: false)
            let contentColumn = firstPrefix.count + written.count + 1
            let depth = max(block.listDepth, 1)
            if itemContentColumns.count >= depth { itemContentColumns.removeSubrange((depth - 1)...) }
            while itemContentColumns.count < depth - 1 { itemContentColumns.append(firstPrefix.count) }
            itemContentColumns.append(contentColumn)
            firstPrefix += written + " "
            body = inline(block)
        case .preformatted:
            body = block.tableRows.isEmpty ? Self.fenced(block.text) : Self.table(block.tableRows)
        case .image(let source):
            let reference = block.runs.lazy.compactMap(\.imageReference).first
                ?? ImageReference(href: source ?? "", alternativeText: block.text)
            body = Self.image(reference)
        case .rule:
            body = "* * *"
        }
        write(body, firstPrefix: firstPrefix, linePrefix: linePrefix, into: &output)
        if block.listDepth == 0 { itemContentColumns.removeAll() }
    }

    /// Ends a gathered table.
    private mutating func flushTable(into output: inout String) {
        guard !pendingTable.isEmpty else { return }
        write(Self.table(pendingTable), firstPrefix: pendingTablePrefix, linePrefix: pendingTablePrefix, into: &output)
        pendingTable.removeAll()
    }

    private mutating func write(_ body: String, firstPrefix: String, linePrefix: String, into output: inout String) {
        if wroteBlock { output += "\n" }
        wroteBlock = true
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            let lead = number == 0 ? firstPrefix : linePrefix
            output += line.isEmpty ? String(lead.reversed().drop(while: { $0 == " " }).reversed()) : lead + line
            output += "\n"
        }
    }

    /// The indentation and quote markers a block's lines start with.
    private func prefix(for block: Block, continuation: Bool) -> String {
        var indent = 0
        let depth = block.listDepth
        if depth > 0 {
            let level = continuation ? depth : depth - 1
            if level > 0, level <= itemContentColumns.count { indent = itemContentColumns[level - 1] }
            else if level > 0, let last = itemContentColumns.last { indent = last }
        }
        var quoted = block.quoteDepth
        if case .quote = block.kind { quoted = max(quoted, 1) }
        return String(repeating: " ", count: indent) + String(repeating: "> ", count: quoted)
    }

    // MARK: Inline content

    private func inline(_ block: Block) -> String {
        Self.inline(text: block.text, runs: block.runs)
    }

    /// Inline Markdown for a text and its runs; forced line breaks become hard breaks.
    ///
    /// Delimiters never sit next to the white space inside them (CommonMark would not read `* a*`
    /// as emphasis): an opener waits for the first character that is not a space, and a closer
    /// goes before the spaces that end its text.
    static func inline(text: String, runs: [InlineRun], inTable: Bool = false) -> String {
        var output = ""
        var atLineStart = true
        var codeDepth = 0
        var codeText = ""
        var pendingOpeners: [String] = []
        func writeContent(_ content: String) {
            guard !pendingOpeners.isEmpty else { output += content; return }
            let spaces = content.prefix { $0 == " " || $0 == "\n" }
            output += spaces
            guard spaces.count < content.count else { return }
            output += pendingOpeners.joined()
            pendingOpeners.removeAll()
            output += content.dropFirst(spaces.count)
        }
        func writeCloser(_ closer: String) {
            if !pendingOpeners.isEmpty {
                pendingOpeners.removeLast()  // the run covered nothing but spaces here
                return
            }
            let trailing = output.reversed().prefix { $0 == " " || $0 == "\n" }
            output.removeLast(trailing.count)
            output += closer + String(trailing.reversed())
        }
        for event in InlineEvent.events(text: text, runs: runs, trimmingWhitespace: true) {
            switch event {
            case .text(let string):
                if codeDepth > 0 {
                    codeText += string
                } else {
                    writeContent(MarkdownEscaping.escape(string, atLineStart: atLineStart, inTable: inTable))
                    atLineStart = string.hasSuffix("\n")
                }
            case .open(let style):
                if case .code = style {
                    codeDepth += 1
                    codeText = ""
                } else if codeDepth == 0 {
                    pendingOpeners.append(opening(style))
                }
            case .close(let style):
                if case .code = style {
                    codeDepth -= 1
                    if codeDepth == 0 { writeContent(codeSpan(codeText)) }
                } else if codeDepth == 0 {
                    writeCloser(closing(style))
                }
                atLineStart = false
            case .image(let reference):
                if codeDepth == 0 { writeContent(image(reference)) }
                atLineStart = false
            case .marker:
                break
            }
        }
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.drop(while: { $0 == " " || $0 == "\t" }))
        }
        if inTable { return lines.joined(separator: " ") }
        // A forced break is a backslash at the end of the line; an empty line would end the paragraph.
        lines = lines.filter { !$0.isEmpty }
        return lines.joined(separator: "\\\n")
    }

    private static func opening(_ style: InlineStyle) -> String {
        switch style {
        case .emphasis: "*"
        case .strong: "**"
        case .strikethrough: "~~"
        case .superscript: "<sup>"
        case .subscript: "<sub>"
        case .underline: "<ins>"
        case .link, .noteReference: "["
        case .code, .image: ""
        }
    }

    private static func closing(_ style: InlineStyle) -> String {
        switch style {
        case .emphasis: "*"
        case .strong: "**"
        case .strikethrough: "~~"
        case .superscript: "</sup>"
        case .subscript: "</sub>"
        case .underline: "</ins>"
        case .link(let target), .noteReference(let target): "](" + destination(target) + ")"
        case .code, .image: ""
        }
    }

    /// A code span whose backtick fence is longer than any run of backticks inside it.
    private static func codeSpan(_ code: String) -> String {
        let flat = code.replacingOccurrences(of: "\n", with: " ")
        guard !flat.isEmpty else { return "" }
        let fence = String(repeating: "`", count: longestRun(of: "`", in: flat) + 1)
        let padded = flat.hasPrefix("`") || flat.hasSuffix("`") || flat.first == " " && flat.last == " "
        return padded ? fence + " " + flat + " " + fence : fence + flat + fence
    }

    static func image(_ reference: ImageReference) -> String {
        "![" + MarkdownEscaping.escape(reference.alternativeText, atLineStart: false, inTable: false) + "]("
            + linkDestination(reference.href) + ")"
    }

    private static func destination(_ target: LinkTarget) -> String {
        switch target {
        case .external(let url): linkDestination(url)
        case .resource(let href, let fragment): linkDestination(href + (fragment.map { "#" + $0 } ?? ""))
        case .locator(let locator): linkDestination(locator.href + (locator.locations.fragments?.first.map { "#" + $0 } ?? ""))
        }
    }

    /// A link destination, in angle brackets when it holds characters a bare one cannot.
    private static func linkDestination(_ href: String) -> String {
        let needsBrackets = href.isEmpty || href.contains { $0 == " " || $0 == "(" || $0 == ")" || $0 == "<" || $0 == ">" }
            || href.unicodeScalars.contains { $0.value < 0x20 }
        guard needsBrackets else { return href.replacingOccurrences(of: "\\", with: "\\\\") }
        var escaped = ""
        for character in href where !character.unicodeScalars.contains(where: { $0.value < 0x20 }) {
            if character == "<" || character == ">" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return "<" + escaped + ">"
    }

    // MARK: Blocks

    /// A fenced code block whose fence is longer than any run of backticks inside.
    private static func fenced(_ text: String) -> String {
        let fence = String(repeating: "`", count: max(3, longestRun(of: "`", in: text) + 1))
        return fence + "\n" + text + "\n" + fence
    }

    /// A GFM table; the first row is the header row (GFM requires one).
    static func table(_ rows: [TableRow]) -> String {
        let columns = rows.map(\.cells.count).max() ?? 0
        guard columns > 0 else { return "" }
        var lines: [String] = []
        for (index, row) in rows.enumerated() {
            var cells = row.cells.map { inline(text: $0.text, runs: $0.runs, inTable: true) }
            cells += Array(repeating: "", count: columns - cells.count)
            lines.append("| " + cells.joined(separator: " | ") + " |")
            if index == 0 { lines.append("|" + Array(repeating: " --- |", count: columns).joined()) }
        }
        return lines.joined(separator: "\n")
    }

    /// Bullets become `-`; numbers and task boxes stay as they are.
    private static func markdownMarker(_ marker: String) -> String {
        switch marker {
        case "[x]", "[X]": "- [x]"
        case "[ ]": "- [ ]"
        default:
            if let last = marker.last, last == "." || last == ")", marker.dropLast().allSatisfy(\.isASCIIDigit),
               marker.count > 1, marker.count <= 10 { marker }
            else { "-" }
        }
    }

    private static func longestRun(of character: Character, in text: String) -> Int {
        var longest = 0, current = 0
        for scalar in text { if scalar == character { current += 1; longest = max(longest, current) } else { current = 0 } }
        return longest
    }
}

import ReaderCore

/// Writes a document as one well-formed, sanitized HTML5 page: one `<section>` per section of the
/// reading order, headings, paragraphs, lists, quotes, code, tables, figures and inline markup from
/// the blocks' runs.
///
/// Nothing on the page runs or loads from outside: every character of the document is escaped, no
/// script or event attribute is written, links lead only to `http`, `https`, `mailto` and `ftp`
/// URLs or to ids on the page, images point only at the document's own resources (under
/// ``resourceBase``), and a Content-Security-Policy forbids anything else. Void elements are
/// closed (`<br/>`), so the page is also well-formed XML.
public struct HTMLRenderer {
    /// What `src` attributes put before a resource's href (for instance a server route); empty
    /// for paths relative to the page.
    public var resourceBase: String
    private let sectionOfHref: [String: Int]
    private let sectionOfLocator: (Locator) -> Int?
    private var section = 0
    private var idsWritten: Set<String> = []
    private var structure = HTMLStructure()
    private var pendingTable: [TableRow] = []
    private var pendingTableMarkers: [InlineMarker] = []
    private var blockIndex = 0
    private let hooks: HTMLRenderingHooks?

    /// A renderer for a document whose reading order is `sections`.
    /// - Parameter sectionOfLocator: the section a link's Locator leads to (for formats whose
    ///   sections share one href, such as PDF pages); by default, the first section with its href.
    public init(sections: [Section], resourceBase: String = "", sectionOfLocator: ((Locator) -> Int?)? = nil) {
        var map: [String: Int] = [:]
        for section in sections where map[section.href] == nil { map[section.href] = section.index }
        sectionOfHref = map
        self.sectionOfLocator = sectionOfLocator ?? { [map] in map[$0.href] }
        self.resourceBase = resourceBase
        hooks = nil
    }

    /// A renderer whose links, images, anchors and notes are decided by `hooks`, for a caller that
    /// writes the blocks into documents of its own (``renderBlock(_:section:index:)``).
    package init(hooks: HTMLRenderingHooks) {
        sectionOfHref = [:]
        sectionOfLocator = { _ in nil }
        resourceBase = ""
        self.hooks = hooks
    }

    /// One block (block `index` of section `section`), with the tags that open the lists and
    /// quotes around it and close those of the block before; a table's rows are gathered until
    /// the table ends.
    package mutating func renderBlock(_ block: Block, section: Int, index: Int) -> String {
        self.section = section
        blockIndex = index
        var output = ""
        render(block, into: &output)
        return output
    }

    /// Writes a gathered table and closes every open list and quote.
    package mutating func closeOpenElements() -> String {
        var output = ""
        flushTable(into: &output)
        return output + structure.closeAll()
    }

    /// The start of the page, up to and including `<body>`.
    public func documentStart(title: String?, language: String?) -> String {
        var head = "<!DOCTYPE html>\n<html"
        if let language, !language.isEmpty { head += " lang=\"\(HTMLEscaping.attribute(language))\"" }
        head += ">\n<head>\n<meta charset=\"utf-8\"/>\n"
        head += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self'; style-src 'unsafe-inline'\"/>\n"
        head += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        head += "<title>\(HTMLEscaping.text(title ?? ""))</title>\n</head>\n<body>\n"
        return head
    }

    /// The end of the page.
    public func documentEnd() -> String {
        "</body>\n</html>\n"
    }

    /// One `<section>` holding a section's blocks.
    public mutating func render(_ content: SectionContent, of section: Section) -> String {
        self.section = section.index
        var output = "<section id=\"\(sectionID(section.index))\">\n"
        for (index, block) in content.blocks.enumerated() {
            blockIndex = index
            render(block, into: &output)
        }
        flushTable(into: &output)
        output += structure.closeAll()
        output += "</section>\n"
        return output
    }

    // MARK: Blocks

    private mutating func render(_ block: Block, into output: inout String) {
        if !block.tableRows.isEmpty, !block.isPreformattedTable {
            if block.tableRows[0].isFirstRow { flushTable(into: &output) }
            if pendingTable.isEmpty { output += structure.enter(block, startsItem: false) }
            pendingTable += block.tableRows
            pendingTableMarkers += markers(of: block)
            return
        }
        flushTable(into: &output)
        let blockMarkers = markers(of: block)
        let isItem: Bool
        if case .listItem = block.kind { isItem = true } else { isItem = false }
        output += structure.enter(block, startsItem: isItem)
        let id = idAttribute(for: block)
        switch block.kind {
        case .heading(let level):
            let tag = "h\(min(max(level, 1), 6))"
            output += "<\(tag)\(id)>\(inline(block, markers: blockMarkers))</\(tag)>\n"
        case .paragraph, .quote:
            if let note = hooks?.noteID(section, blockIndex) {
                output += "<aside epub:type=\"footnote\" id=\"\(HTMLEscaping.attribute(note))\">"
                output += "<p>\(inline(block, markers: blockMarkers))</p></aside>\n"
            } else {
                output += "<p\(id)>\(inline(block, markers: blockMarkers))</p>\n"
            }
        case .listItem(let marker):
            let task = switch marker {
            case "[x]", "[X]": "<input type=\"checkbox\" checked=\"checked\" disabled=\"disabled\"/> "
            case "[ ]": "<input type=\"checkbox\" disabled=\"disabled\"/> "
            default: ""
            }
            output += id.isEmpty ? "" : "<span\(id)></span>"
            output += task + inline(block, markers: blockMarkers) + "\n"
        case .preformatted:
            if block.tableRows.isEmpty {
                output += "<pre\(id)><code>\(preformatted(block.text, markers: blockMarkers))</code></pre>\n"
            } else {
                output += markup(of: blockMarkers) + table(block.tableRows, id: id)
            }
        case .image(let source):
            let reference = block.runs.lazy.compactMap(\.imageReference).first
                ?? ImageReference(href: source ?? "", alternativeText: block.text)
            output += "<figure\(id)>\(markup(of: blockMarkers))\(image(reference))</figure>\n"
        case .rule:
            output += markup(of: blockMarkers) + "<hr\(id)/>\n"
        }
    }

    private mutating func flushTable(into output: inout String) {
        guard !pendingTable.isEmpty else { return }
        output += markup(of: pendingTableMarkers) + table(pendingTable, id: "")
        pendingTable.removeAll()
        pendingTableMarkers.removeAll()
    }

    private func table(_ rows: [TableRow], id: String) -> String {
        var output = "<table\(id)>\n"
        for row in rows {
            output += "<tr>"
            for cell in row.cells {
                let tag = cell.isHeader || row.isHeader ? "th" : "td"
                output += "<\(tag)>\(inline(text: cell.text, runs: cell.runs))</\(tag)>"
            }
            output += "</tr>\n"
        }
        return output + "</table>\n"
    }

    /// ` id="…"` on the first block that carries an element id of the source, else nothing.
    private mutating func idAttribute(for block: Block) -> String {
        guard hooks == nil, let anchor = block.anchorID else { return "" }
        let id = elementID(section: section, fragment: anchor)
        guard idsWritten.insert(id).inserted else { return "" }
        return " id=\"\(HTMLEscaping.attribute(id))\""
    }

    // MARK: Inline content

    /// The markers the hooks place in the current block (none without hooks).
    private func markers(of block: Block) -> [InlineMarker] {
        hooks?.markers(section, blockIndex, block) ?? []
    }

    private func markup(of markers: [InlineMarker]) -> String {
        markers.map(\.markup).joined()
    }

    private func inline(_ block: Block, markers: [InlineMarker] = []) -> String {
        inline(text: block.text, runs: block.runs, markers: markers)
    }

    /// Preformatted text, line feeds kept, with markers.
    private func preformatted(_ text: String, markers: [InlineMarker]) -> String {
        guard !markers.isEmpty else { return HTMLEscaping.text(text) }
        var output = ""
        for event in InlineEvent.events(text: text, runs: [], markers: markers) {
            switch event {
            case .text(let string): output += HTMLEscaping.text(string)
            case .marker(let markup): output += markup
            case .open, .close, .image: break
            }
        }
        return output
    }

    private func inline(text: String, runs: [InlineRun], markers: [InlineMarker] = []) -> String {
        var output = ""
        for event in InlineEvent.events(text: text, runs: runs, markers: markers) {
            switch event {
            case .text(let string):
                output += HTMLEscaping.textBreakingLines(string)
            case .open(let style):
                output += opening(style)
            case .close(let style):
                output += closing(style)
            case .image(let reference):
                output += image(reference)
            case .marker(let markup):
                output += markup
            }
        }
        return output
    }

    private func opening(_ style: InlineStyle) -> String {
        switch style {
        case .emphasis: return "<em>"
        case .strong: return "<strong>"
        case .code: return "<code>"
        case .strikethrough: return "<s>"
        case .superscript: return "<sup>"
        case .subscript: return "<sub>"
        case .underline: return "<u>"
        case .link(let target), .noteReference(let target):
            if let hooks {
                let type = if case .noteReference = style { " epub:type=\"noteref\"" } else { "" }
                guard let href = href(for: target, hooks: hooks) else { return "<a\(type)>" }
                return "<a href=\"\(HTMLEscaping.attribute(href))\"\(type)>"
            }
            let role = if case .noteReference = style { " role=\"doc-noteref\"" } else { "" }
            guard let href = href(for: target) else { return "<a\(role)>" }
            let external = if case .external = target { " rel=\"noopener noreferrer nofollow\"" } else { "" }
            return "<a href=\"\(HTMLEscaping.attribute(href))\"\(role)\(external)>"
        case .image: return ""
        }
    }

    private func closing(_ style: InlineStyle) -> String {
        switch style {
        case .emphasis: "</em>"
        case .strong: "</strong>"
        case .code: "</code>"
        case .strikethrough: "</s>"
        case .superscript: "</sup>"
        case .subscript: "</sub>"
        case .underline: "</u>"
        case .link, .noteReference: "</a>"
        case .image: ""
        }
    }

    /// An `<img/>` for a resource of the document; an image from outside shows its alternative
    /// text instead, since the page loads nothing from outside.
    private func image(_ reference: ImageReference) -> String {
        let alt = HTMLEscaping.attribute(reference.alternativeText)
        if let hooks {
            guard let source = hooks.imageSource(reference) else {
                return "<span class=\"image-alt\">\(HTMLEscaping.text(reference.alternativeText))</span>"
            }
            return "<img src=\"\(HTMLEscaping.attribute(source))\" alt=\"\(alt)\"/>"
        }
        let scheme = URLReference.scheme(of: reference.href)
        if scheme.map(HTMLEscaping.outsideSchemes.contains) == true || reference.href.isEmpty
            || reference.href.hasPrefix("//") || reference.href.hasPrefix("\\") {
            return "<span class=\"image-alt\">\(HTMLEscaping.text(reference.alternativeText))</span>"
        }
        var attributes = "src=\"\(HTMLEscaping.attribute(resourceBase + HTMLEscaping.relativeURL(reference.href)))\" alt=\"\(alt)\""
        if let width = reference.width { attributes += " width=\"\(width)\"" }
        if let height = reference.height { attributes += " height=\"\(height)\"" }
        return "<img \(attributes)/>"
    }

    /// Where a link goes on this page: an id for a place in the document, the URL for an allowed
    /// external one, nil for anything else.
    private func href(for target: LinkTarget) -> String? {
        switch target {
        case .external(let url):
            guard let scheme = URLReference.scheme(of: url), HTMLEscaping.linkSchemes.contains(scheme) else { return nil }
            return url
        case .resource(let href, let fragment):
            let index = href.isEmpty ? section : sectionOfHref[href]
            guard let index else { return nil }
            return "#" + (fragment.map { elementID(section: index, fragment: $0) } ?? sectionID(index))
        case .locator(let locator):
            guard let index = sectionOfLocator(locator) else { return nil }
            return "#" + sectionID(index)
        }
    }

    /// Where a link goes under hooks: an allowed external URL as written, anything else as the hooks say.
    private func href(for target: LinkTarget, hooks: HTMLRenderingHooks) -> String? {
        if case .external(let url) = target {
            guard let scheme = URLReference.scheme(of: url), HTMLEscaping.linkSchemes.contains(scheme),
                  !url.unicodeScalars.contains(where: { $0.value <= 0x20 || "<>\"{}|\\^`".unicodeScalars.contains($0) })
            else { return nil }
            return url
        }
        return hooks.linkHref(target, section)
    }

    private func sectionID(_ index: Int) -> String { "s\(index)" }

    /// A page-wide id for an id of a section: ids of different sections may repeat.
    private func elementID(section index: Int, fragment: String) -> String {
        var id = "s\(index)-"
        for scalar in fragment.unicodeScalars {
            let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
            id.unicodeScalars.append(allowed ? scalar : "_")
        }
        return id
    }
}

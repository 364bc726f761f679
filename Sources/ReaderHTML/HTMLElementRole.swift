/// What an element does to the blocks around it. ``HTMLElementRole/standard`` gives the role of
/// each known element name; ``HTMLConversionOptions/elementRoles`` can change it per name.
public enum HTMLElementRole: Hashable, Sendable {
    /// Text flows through it (`span`, `em`, `a`, and every element without a rule).
    case inline
    /// A block container: the inline content directly inside it becomes paragraphs (`div`,
    /// `section`, `body`, `aside`, …).
    case block
    /// A paragraph (`p`): a block container whose paragraphs keep a blank line before them
    /// inside lists, where blocks are otherwise packed.
    case paragraph
    /// A heading of level 1...6.
    case heading(level: Int)
    /// Text whose spaces and lines are kept (`pre`).
    case preformatted
    /// A block quote: paragraphs inside become quote blocks, one level deeper.
    case quote
    /// A list; ordered lists number their items.
    case list(ordered: Bool)
    /// A list item: its first paragraph is shown after the item's marker.
    case listItem
    /// A definition list (`dl`): its terms and descriptions are packed without blank lines.
    case definitionList
    /// A term (`dt`).
    case definitionTerm
    /// A description (`dd`), indented one level.
    case definitionDescription
    /// A table: each row becomes one paragraph, or, when cells hold block content, the cells are
    /// read as block containers.
    case table
    /// A table row.
    case tableRow
    /// A table cell (`td`, `th`).
    case tableCell
    /// A figure caption: packed under the image before it.
    case figureCaption
    /// An image, shown by its alternative text.
    case image
    /// A forced line break (`br`).
    case lineBreak
    /// A line-break opportunity (`wbr`), shown as a zero-width space.
    case wordBreak
    /// A thematic break (`hr`).
    case rule
    /// Not shown, and its text is not part of the source text (`script`, `head`, `rt`, …).
    case hidden
    /// A print page-number marker: not shown, recorded in ``HTMLContent/pageBreaks``.
    case pageBreak
    /// Cuts the content: ends the current block and records an ``HTMLSectionBreak``; any
    /// content inside is read as a block container.
    case sectionBreak

    /// The built-in role of an element by name (lower case, as the HTML parser reports names and
    /// XHTML writes them). Names from SVG, MathML and EPUB's `epub:switch` are included, since the
    /// HTML parser drops their namespaces and prefixes. Unknown names are ``inline``.
    public static func standard(for name: String) -> HTMLElementRole {
        standardRoles[name] ?? .inline
    }

    /// Whether the role ends the current block (everything except inline content).
    var isBlockLevel: Bool {
        switch self {
        case .inline, .image, .lineBreak, .wordBreak, .hidden, .pageBreak: false
        default: true
        }
    }

    private static let standardRoles: [String: HTMLElementRole] = {
        var roles: [String: HTMLElementRole] = [:]
        let blocks = ["html", "body", "div", "section", "article", "aside", "nav", "main", "header", "footer",
                      "address", "hgroup", "figure", "center", "details", "summary", "dialog", "fieldset",
                      "legend", "form", "caption", "thead", "tbody", "tfoot", "colgroup", "noscript", "search",
                      "frameset", "noframes", "multicol"]
        for name in blocks { roles[name] = .block }
        roles["p"] = .paragraph
        for level in 1...6 { roles["h\(level)"] = .heading(level: level) }
        for name in ["pre", "listing", "xmp", "plaintext"] { roles[name] = .preformatted }
        roles["blockquote"] = .quote
        roles["ol"] = .list(ordered: true)
        for name in ["ul", "menu", "dir"] { roles[name] = .list(ordered: false) }
        roles["li"] = .listItem
        roles["dl"] = .definitionList
        roles["dt"] = .definitionTerm
        roles["dd"] = .definitionDescription
        roles["table"] = .table
        roles["tr"] = .tableRow
        roles["td"] = .tableCell
        roles["th"] = .tableCell
        roles["figcaption"] = .figureCaption
        roles["img"] = .image
        roles["image"] = .image  // SVG
        // SVG: each `<text>` is painted at a place of its own, so it reads as a paragraph of its own
        // (a tspan placed with `x` or `y` too: ``ElementClassifier``).
        roles["text"] = .block
        roles["br"] = .lineBreak
        roles["wbr"] = .wordBreak
        roles["hr"] = .rule
        let hidden = [
            // HTML: metadata, scripting, ruby annotations, embedded browsing contexts.
            "head", "title", "script", "style", "template", "rt", "rp", "rtc", "iframe", "datalist", "base",
            "link", "meta",
            // SVG: elements whose text is never painted.
            "desc", "metadata", "defs", "symbol", "clippath", "clipPath", "mask", "pattern", "marker",
            "lineargradient", "linearGradient", "radialgradient", "radialGradient", "filter",
            // MathML: annotations beside the presentation markup.
            "annotation", "annotation-xml",
            // EPUB 3 `epub:switch`: the `epub:default` branch is shown, the `epub:case` ones are not.
            "case",
        ]
        for name in hidden { roles[name] = .hidden }
        return roles
    }()
}

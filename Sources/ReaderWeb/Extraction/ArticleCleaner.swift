/// Step 6 of ``ArticleExtractor``: what stays inside the chosen parts but is not the article.
struct ArticleCleaner {
    let rules: ArticleExtractor.Rules

    func clean(_ article: WebNode) {
        markDataTables(article)
        fixLazyImages(article)
        cleanConditionally(article, "form")
        cleanConditionally(article, "fieldset")
        remove(in: article, named: ["object", "embed", "footer", "link", "aside", "nav"])
        for part in article.elementChildren {
            for node in part.allDescendantElements where node.hints.isShareWidget && node.textContent.utf16.count < 500 {
                node.detach()
            }
        }
        remove(in: article, named: ["iframe", "input", "textarea", "select", "button"])
        for heading in article.descendants(named: ["h1", "h2"]) where ClassWeight.of(heading, enabled: rules.weighsClasses) < 0 {
            heading.detach()
        }
        cleanConditionally(article, "table")
        cleanConditionally(article, "ul")
        cleanConditionally(article, "div")
        for heading in article.descendants(named: ["h1"]) { heading.name = "h2" }
        for paragraph in article.descendants(named: ["p"]).reversed()
        where paragraph.descendants(named: ["img", "embed", "object", "iframe"]).isEmpty && !paragraph.hasVisibleText {
            paragraph.detach()
        }
        for lineBreak in article.descendants(named: ["br"]) {
            var next = lineBreak.nextSibling
            while let current = next, current.isText, current.isWhitespace { next = current.nextSibling }
            if next?.name == "p" { lineBreak.detach() }
        }
        for table in article.descendants(named: ["table"]) { unwrapSingleCell(table) }
    }

    private func remove(in article: WebNode, named names: [String]) {
        for node in article.descendants(named: names).reversed() { node.detach() }
    }

    /// A table of one cell is a paragraph (or a `div` when the cell holds blocks).
    private func unwrapSingleCell(_ table: WebNode) {
        var rows = table.elementChildren
        if rows.count == 1, rows[0].name == "tbody" { rows = rows[0].elementChildren }
        guard rows.count == 1, rows[0].name == "tr" else { return }
        let cells = rows[0].elementChildren
        guard cells.count == 1, cells[0].name == "td" else { return }
        let cell = cells[0]
        cell.name = cell.children.allSatisfy(Attempt.isPhrasing) ? "p" : "div"
        table.replace(with: cell)
    }

    /// `data-src` and its kin become `src` when the image has none or a placeholder.
    private func fixLazyImages(_ article: WebNode) {
        for image in article.descendants(named: ["img", "picture", "figure"]) where image.name == "img" {
            let source = image.attribute("src") ?? ""
            guard source.isEmpty || source.hasPrefix("data:") || source.contains("placeholder") || source.contains("blank.gif") else { continue }
            for name in ["data-src", "data-original", "data-lazy-src", "data-url", "data-hi-res-src"] {
                if let value = image.attribute(name), !value.isEmpty {
                    image.setAttribute("src", value)
                    break
                }
            }
        }
    }

    /// Tables of data (not layout): with a caption, header cells, a summary, or many rows or columns.
    private func markDataTables(_ article: WebNode) {
        for table in article.descendants(named: ["table"]) {
            if table.attribute("role") == "presentation" || table.attribute("datatable") == "0" { continue }
            if table.attribute("summary") != nil { table.isDataTable = true; continue }
            if let caption = table.elementChildren.first(where: { $0.name == "caption" }), !caption.children.isEmpty {
                table.isDataTable = true
                continue
            }
            if !table.descendants(named: ["col", "colgroup", "tfoot", "thead", "th"]).isEmpty {
                table.isDataTable = true
                continue
            }
            if !table.descendants(named: ["table"]).isEmpty { continue }
            let rows = table.descendants(named: ["tr"])
            let columns = rows.map { row in row.elementChildren.filter { $0.name == "td" || $0.name == "th" }.count }.max() ?? 0
            if rows.count >= 10 || columns > 4 || rows.count * columns > 10 { table.isDataTable = true }
        }
    }

    /// Removes elements named `name` that look like anything but article content.
    private func cleanConditionally(_ article: WebNode, _ name: String) {
        guard rules.cleansConditionally else { return }
        for node in article.descendants(named: [name]).reversed() where shouldRemove(node) {
            node.detach()
        }
    }

    private func shouldRemove(_ node: WebNode) -> Bool {
        if node.name == "table", node.isDataTable { return false }
        if node.hasAncestor("table", maxDepth: 0, where: { $0.isDataTable }) { return false }
        if node.hasAncestor("code", maxDepth: 0) { return false }
        let length = node.textLength
        let weight = ClassWeight.of(node, enabled: rules.weighsClasses)
        var isList = node.name == "ul" || node.name == "ol"
        if weight < 0 { return true }
        guard node.count(ofASCII: 0x2C) < 10 else { return false }
        let counts = SubtreeCounts(of: node)
        if !isList {
            isList = length > 0 && Double(counts.listTextLength) / Double(length) > 0.9
        }
        let paragraphs = counts.paragraphs
        let images = counts.images
        let listItems = counts.listItems - 100
        let inputs = counts.inputs
        let headingDensity = Self.density(counts.headingTextLength, of: length)
        let embeds = counts.embeds
        if length <= 20, Self.isAdOrLoading(node.innerText) { return true }
        let linkDensity = length > 0 ? counts.linkTextLength / Double(length) : 0
        let textDensity = Self.density(counts.contentTextLength, of: length)
        let inFigure = node.hasAncestor("figure", maxDepth: 0)
        var removes = (!inFigure && images > 1 && Double(paragraphs) / Double(images) < 0.5)
            || (!isList && listItems > paragraphs)
            || (inputs > paragraphs / 3)
            || (!isList && !inFigure && headingDensity < 0.9 && length < 25 && (images == 0 || images > 2) && linkDensity > 0)
            || (!isList && weight < 25 && linkDensity > 0.2)
            || (weight >= 25 && linkDensity > 0.5)
            || ((embeds == 1 && length < 75) || embeds > 1)
            || (images == 0 && textDensity == 0)
        if isList, removes {
            // A list of pictures (a gallery) stays.
            if node.elementChildren.contains(where: { $0.elementChildren.count > 1 }) { return removes }
            if images == counts.listItems { removes = false }
        }
        return removes
    }

    private static func density(_ inside: Int, of length: Int) -> Double {
        guard length > 0 else { return 0 }
        return Double(inside) / Double(length)
    }

    private static let adWords: Set<String> = ["ad", "advertising", "advertisement", "pub", "publicité", "werb", "werbung",
                                               "广告", "реклама", "anuncio"]
    private static let loadingWords = ["loading", "正在加载", "загрузка", "chargement", "cargando"]

    private static func isAdOrLoading(_ text: String) -> Bool {
        let lower = text.lowercased()
        if adWords.contains(lower) { return true }
        return loadingWords.contains { lower == $0 || lower == $0 + "…" || lower == $0 + "..." }
    }
}

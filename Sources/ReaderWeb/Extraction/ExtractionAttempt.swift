/// One pass of ``ArticleExtractor`` over a fresh tree, with a set of rules.
struct Attempt {
    let rules: ArticleExtractor.Rules
    let title: String?
    let topCandidateCount: Int
    private(set) var byline: String?

    init(rules: ArticleExtractor.Rules, title: String?, topCandidateCount: Int) {
        self.rules = rules
        self.title = title
        self.topCandidateCount = topCandidateCount
    }

    /// Runs the attempt on `body` (the page's `body`, or its root when it has none).
    mutating func run(body: WebNode) -> ArticleExtractor.Result {
        LineBreakParagraphs.apply(to: body)
        let toScore = prepare(body)
        let candidates = score(toScore)
        let article = assemble(body: body, candidates: candidates)
        ArticleCleaner(rules: rules).clean(article)
        return ArticleExtractor.Result(article: article, byline: byline, textLength: article.textLength)
    }

    // MARK: Step 1 and 2: removing what is never the article, turning divs into paragraphs

    private mutating func prepare(_ body: WebNode) -> [WebNode] {
        var toScore: [WebNode] = []
        var removesTitleHeading = title != nil
        var node: WebNode? = body.children.first(where: \.isElement)
        while let current = node {
            let hints = current.hints
            if !current.isProbablyVisible || current.groups.contains(.neverRead)
                || (current.attribute("aria-modal") == "true" && current.attribute("role") == "dialog") {
                node = remove(current)
                continue
            }
            if byline == nil, isByline(current, hints: hints) {
                byline = current.innerText
                node = remove(current)
                continue
            }
            if removesTitleHeading, current.name == "h1" || current.name == "h2", let title,
               TextSimilarity.similarity(title, current.innerText) > 0.75 {
                removesTitleHeading = false
                node = remove(current)
                continue
            }
            if rules.stripsUnlikely {
                if hints.isUnlikely, !hints.isMaybeCandidate,
                   !current.hasAncestor("table", maxDepth: 0), !current.hasAncestor("code", maxDepth: 0),
                   current.name != "body", current.name != "a" {
                    node = remove(current)
                    continue
                }
                if let role = current.attribute("role"), ExtractionHints.unlikelyRoles.contains(role) {
                    node = remove(current)
                    continue
                }
            }
            if current.groups.contains(.removedWhenEmpty), Self.isWithoutContent(current) {
                node = remove(current)
                continue
            }
            if current.groups.contains(.scored) { toScore.append(current) }
            var visited = current
            if current.name == "div" {
                Self.wrapPhrasingContent(of: current)
                let elementChildren = current.elementChildren
                if elementChildren.count == 1, elementChildren[0].name == "p",
                   !current.children.contains(where: { $0.isText && !$0.isWhitespace }), current.linkDensity < 0.25 {
                    let paragraph = elementChildren[0]
                    current.replace(with: paragraph)
                    visited = paragraph
                    toScore.append(paragraph)
                } else if !Self.hasBlockChild(current) {
                    current.name = "p"
                    toScore.append(current)
                }
            }
            node = visited.nextInDocument()
        }
        return toScore
    }

    /// Removes a node and gives the element after it.
    private func remove(_ node: WebNode) -> WebNode? {
        let next = node.nextInDocument(skippingChildren: true)
        node.detach()
        return next
    }

    private func isByline(_ node: WebNode, hints: ElementHints) -> Bool {
        let rel = node.attribute("rel")
        let itemprop = node.attribute("itemprop") ?? ""
        guard rel == "author" || itemprop.contains("author") || hints.isByline else { return false }
        let length = node.textLength
        return length > 0 && length < 100
    }

    static func isProbablyVisible(_ node: WebNode) -> Bool {
        if let style = node.attribute("style").map(compactStyle), hides(style) { return false }
        if node.attribute("hidden") != nil { return false }
        if node.attribute("aria-hidden") == "true", !(node.attribute("class") ?? "").contains("fallback-image") { return false }
        return true
    }

    /// Whether a compacted style hides the element (an ASCII style searched as bytes).
    private static func hides(_ style: String) -> Bool {
        if style.utf8.allSatisfy({ $0 < 0x80 }) { return ExtractionHints.matches(style, ["display:none", "visibility:hidden"]) }
        return style.contains("display:none") || style.contains("visibility:hidden")
    }

    /// An inline style lower-cased without its white space (ASCII styles byte by byte, the rest
    /// character by character: the same string either way).
    static func compactStyle(_ style: String) -> String {
        guard style.utf8.allSatisfy({ $0 < 0x80 }) else { return style.lowercased().filter { !$0.isWhitespace } }
        let bytes = style.utf8.lazy.filter { !($0 == 0x20 || (0x09...0x0D).contains($0)) }
            .map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        return String(decoding: Array(bytes), as: UTF8.self)
    }

    static func isWithoutContent(_ node: WebNode) -> Bool {
        guard !node.hasVisibleText else { return false }
        let elements = node.elementChildren
        return elements.allSatisfy { $0.name == "br" || $0.name == "hr" }
    }

    static func hasBlockChild(_ node: WebNode) -> Bool {
        node.children.contains { child in
            child.isElement && (child.groups.contains(.divToParagraphBlocker) || hasBlockChild(child))
        }
    }

    static func isPhrasing(_ node: WebNode) -> Bool {
        if node.groups.contains(.phrasing) { return true }
        return node.groups.contains(.phrasingWhenContentIs) && node.children.allSatisfy(isPhrasing)
    }

    /// Wraps each run of phrasing content directly in a `div` (that is not all white space) in a `p`.
    static func wrapPhrasingContent(of div: WebNode) {
        let children = div.children
        guard children.contains(where: { !isPhrasing($0) }) else { return }
        var paragraph: WebNode?
        for child in children {
            if isPhrasing(child) {
                if let paragraph {
                    paragraph.append(child)
                } else if !child.isWhitespace {
                    let wrapper = WebNode(element: "p")
                    child.replace(with: wrapper)
                    wrapper.append(child)
                    paragraph = wrapper
                }
            } else if let open = paragraph {
                while let last = open.children.last, last.isWhitespace { last.detach() }
                paragraph = nil
            }
        }
    }

    // MARK: Step 3 and 4: scoring

    private func score(_ elements: [WebNode]) -> [WebNode] {
        var candidates: [WebNode] = []
        for element in elements where element.parent != nil {
            let length = element.textLength
            guard length >= 25 else { continue }
            let ancestors = element.ancestors(limit: 5)
            guard !ancestors.isEmpty else { continue }
            var contentScore = 1.0
            contentScore += Double(Self.commaCount(in: element) + 1)
            contentScore += Double(min(length / 100, 3))
            for (level, ancestor) in ancestors.enumerated() {
                guard ancestor.parent != nil else { break }
                if ancestor.score == nil {
                    ancestor.score = initialScore(of: ancestor)
                    candidates.append(ancestor)
                }
                let divider = level == 0 ? 1.0 : level == 1 ? 2.0 : Double(level * 3)
                ancestor.score! += contentScore / divider
            }
        }
        return candidates
    }

    /// Commas of the scripts Readability counts, in the text of a subtree (node by node: the
    /// text need not be gathered into one string to be counted).
    static func commaCount(in node: WebNode) -> Int {
        if node.isText { return commaCount(node.text) }
        return node.children.reduce(0) { $0 + commaCount(in: $1) }
    }

    /// Commas of the scripts Readability counts.
    static func commaCount(_ text: String) -> Int {
        var text = text
        if let asciiCommas = text.withUTF8({ bytes -> Int? in
            var count = 0
            for byte in bytes {
                guard byte < 0x80 else { return nil }
                if byte == 0x2C { count += 1 }
            }
            return count
        }) {
            return asciiCommas
        }
        return text.unicodeScalars.reduce(0) { count, scalar in
            switch scalar.value {
            case 0x2C, 0x060C, 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: count + 1
            default: count
            }
        }
    }

    func initialScore(of node: WebNode) -> Double {
        var score: Double
        switch node.name {
        case "div": score = 5
        case "pre", "td", "blockquote": score = 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": score = -3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": score = -5
        default: score = 0
        }
        return score + Double(ClassWeight.of(node, enabled: rules.weighsClasses))
    }

    // MARK: Step 4 and 5: the winner and its siblings

    private func assemble(body: WebNode, candidates: [WebNode]) -> WebNode {
        let densities = CandidateLinkDensities(of: body)
        for candidate in candidates {
            candidate.score = (candidate.score ?? 0) * (1 - densities.linkDensity(of: candidate))
        }
        let top = candidates.enumerated().sorted { lhs, rhs in
            let (a, b) = (lhs.element.score ?? 0, rhs.element.score ?? 0)
            return a != b ? a > b : lhs.offset < rhs.offset
        }.prefix(topCandidateCount).map(\.element)

        let article = WebNode(element: "div")
        guard var winner = top.first, winner.name != "body", winner !== body else {
            // No candidate: the whole body is the article.
            for child in body.takeChildren() { article.append(child) }
            return article
        }
        let winnerScore = winner.score ?? 0
        let alternatives = top.dropFirst().filter { ($0.score ?? 0) / max(winnerScore, .leastNonzeroMagnitude) >= 0.75 }
            .map { $0.ancestors() }
        if alternatives.count >= 3 {
            var ancestor = winner.parent
            while let current = ancestor, current.name != "body", current !== body {
                let lists = alternatives.filter { list in list.contains { $0 === current } }.count
                if lists >= 3 {
                    winner = current
                    break
                }
                ancestor = current.parent
            }
        }
        if winner.score == nil { winner.score = initialScore(of: winner) }
        var lastScore = winner.score ?? 0
        let threshold = lastScore / 3
        var parent = winner.parent
        while let current = parent, current.name != "body", current !== body {
            guard let parentScore = current.score else {
                parent = current.parent
                continue
            }
            if parentScore < threshold { break }
            if parentScore > lastScore {
                winner = current
                break
            }
            lastScore = parentScore
            parent = current.parent
        }
        parent = winner.parent
        while let current = parent, current.name != "body", current !== body, current.elementChildren.count == 1 {
            winner = current
            parent = current.parent
        }
        if winner.score == nil { winner.score = initialScore(of: winner) }

        guard let container = winner.parent else {
            article.append(winner)
            return article
        }
        let topScore = winner.score ?? 0
        let siblingThreshold = max(10, topScore * 0.2)
        let winnerClass = winner.attribute("class") ?? ""
        for sibling in container.elementChildren {
            var joins = sibling === winner
            if !joins {
                let bonus = !winnerClass.isEmpty && sibling.attribute("class") == winnerClass ? topScore * 0.2 : 0
                if let score = sibling.score, score + bonus >= siblingThreshold {
                    joins = true
                } else if sibling.name == "p" {
                    let density = sibling.linkDensity
                    let length = sibling.textLength
                    if length > 80, density < 0.25 { joins = true }
                    else if length < 80, length > 0, density == 0, Self.hasSentenceEnd(sibling.innerText) { joins = true }
                }
            }
            guard joins else { continue }
            if !sibling.groups.contains(.keptSibling) { sibling.name = "div" }
            article.append(sibling)
        }
        return article
    }

    static func hasSentenceEnd(_ text: String) -> Bool {
        text.hasSuffix(".") || text.contains(". ")
    }
}

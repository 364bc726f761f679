import ReaderCore

/// Carries the styles of pages' text (``PDFPageStyles``) over to a reflowed block through its
/// source map, so that runs follow mended hyphenation and joined lines.
enum PDFInlineRuns {
    /// The runs of a block with text `text` and source map `map`: `.strong`, `.emphasis` and
    /// `.link` runs, pieces that only a line join or spaces separate made one, none starting or
    /// ending on a space. A heading set in bold throughout gets no `.strong` run: its kind already
    /// says so, and a renderer would only bold it twice. A link to a page gets a Locator holding
    /// just that `page`, for the document to complete.
    /// - Parameter styles: the styles of a page (1-based), nil when unknown.
    static func runs(text: String, map: SourceMap, isHeading: Bool, styles: (Int) -> PDFPageStyles?) -> [InlineRun] {
        var strong: [Range<Int>] = []
        var emphasis: [Range<Int>] = []
        var links: [(range: Range<Int>, target: PDFLinkTarget)] = []
        var page = -1
        var pageStyles = PDFPageStyles()
        for run in map.runs where run.length > 0 {
            let source = PDFSourceOffset(packed: run.sourceStart)
            if source.page != page {
                page = source.page
                pageStyles = styles(page) ?? PDFPageStyles()
            }
            if pageStyles.isEmpty { continue }
            let window = source.offset..<(source.offset + run.length)
            func toText(_ range: Range<Int>) -> Range<Int> {
                let clipped = range.clamped(to: window)
                return (run.textStart + clipped.lowerBound - window.lowerBound)..<(run.textStart + clipped.upperBound - window.lowerBound)
            }
            for range in overlapping(pageStyles.strong, window) { strong.append(toText(range)) }
            for range in overlapping(pageStyles.emphasis, window) { emphasis.append(toText(range)) }
            for link in pageStyles.links where link.range.overlaps(window) {
                links.append((toText(link.range), link.target))
            }
        }
        guard !strong.isEmpty || !emphasis.isEmpty || !links.isEmpty else { return [] }
        let units = Array(text.utf16)
        strong = joined(strong, units: units)
        if isHeading, strong.count == 1, strong[0] == trimmed(0..<units.count, units: units) { strong = [] }
        var result = joined(emphasis, units: units).map { InlineRun(.emphasis, range: $0) }
            + strong.map { InlineRun(.strong, range: $0) }
        links.sort { $0.range.lowerBound < $1.range.lowerBound }
        var index = 0
        while index < links.count {
            let target = links[index].target
            var pieces: [Range<Int>] = []
            while index < links.count, links[index].target == target {
                pieces.append(links[index].range)
                index += 1
            }
            result += joined(pieces, units: units).map { InlineRun(.link(linkTarget(target)), range: $0) }
        }
        return InlineRun.ordered(closingOrder: result)
    }

    /// A page link's target as a Locator holding only `page`; ``PDFDocument`` fills in the rest.
    static func linkTarget(_ target: PDFLinkTarget) -> LinkTarget {
        switch target {
        case .uri(let uri): .external(uri)
        case .page(let page): .locator(Locator(href: "", type: "", locations: .init(page: page)))
        }
    }

    /// The ranges of `ranges` (in order and disjoint) that overlap `window`, found by bisection.
    private static func overlapping(_ ranges: [Range<Int>], _ window: Range<Int>) -> ArraySlice<Range<Int>> {
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound <= window.lowerBound { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < ranges.count, ranges[end].lowerBound < window.upperBound { end += 1 }
        return ranges[low..<end]
    }

    /// `pieces` (in text order) with those only whitespace apart made one, trimmed of whitespace,
    /// empty ones left out.
    private static func joined(_ pieces: [Range<Int>], units: [UInt16]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for piece in pieces.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            let range = trimmed(piece, units: units)
            guard !range.isEmpty else { continue }
            if let last = result.last, last.upperBound >= range.lowerBound
                || units[last.upperBound..<range.lowerBound].allSatisfy(isSpace) {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    private static func trimmed(_ range: Range<Int>, units: [UInt16]) -> Range<Int> {
        var lower = max(0, range.lowerBound), upper = min(units.count, range.upperBound)
        while lower < upper, isSpace(units[lower]) { lower += 1 }
        while upper > lower, isSpace(units[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private static func isSpace(_ unit: UInt16) -> Bool {
        unit == 0x20 || (0x09...0x0D).contains(unit) || unit == 0xA0 || (0x2000...0x200B).contains(unit) || unit == 0x3000
    }
}

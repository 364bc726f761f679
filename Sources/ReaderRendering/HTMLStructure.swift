import ReaderCore

/// The block quotes and lists open around the blocks being written, and the tags that move from
/// one block's nesting to the next's. Quotes hold lists, never the other way round: a change of
/// quote depth closes the lists first.
struct HTMLStructure {
    /// The open lists, outermost first, each with whether it is ordered and holds an open `<li>`.
    private var lists: [(ordered: Bool, itemOpen: Bool)] = []
    private var quotes = 0

    /// The tags that put the next block where it belongs; a list item also opens its `<li>`.
    mutating func enter(_ block: Block, startsItem: Bool) -> String {
        var output = ""
        var quoteDepth = block.quoteDepth
        if case .quote = block.kind { quoteDepth = max(quoteDepth, 1) }
        if quoteDepth != quotes {
            output += closeLists(downTo: 0)
            while quotes > quoteDepth { output += "</blockquote>\n"; quotes -= 1 }
            while quotes < quoteDepth { output += "<blockquote>\n"; quotes += 1 }
        }
        guard startsItem, case .listItem(let marker) = block.kind else {
            output += closeLists(downTo: min(block.listDepth, lists.count))
            return output
        }
        let depth = max(block.listDepth, 1)
        let ordered = Self.number(of: marker) != nil
        output += closeLists(downTo: depth)
        if lists.count == depth {
            if lists[depth - 1].itemOpen { output += "</li>\n" }
            if lists[depth - 1].ordered != ordered {
                output += lists[depth - 1].ordered ? "</ol>\n" : "</ul>\n"
                lists.removeLast()
            }
        }
        while lists.count < depth {
            let isTarget = lists.count == depth - 1
            let listOrdered = isTarget ? ordered : false
            if let last = lists.indices.last, !lists[last].itemOpen {
                output += "<li>\n"
                lists[last].itemOpen = true
            }
            output += listOrdered ? "<ol>\n" : "<ul>\n"
            lists.append((listOrdered, false))
        }
        if let number = Self.number(of: marker) { output += "<li value=\"\(number)\">" } else { output += "<li>" }
        lists[depth - 1].itemOpen = true
        return output
    }

    /// Closes every open list and quote.
    mutating func closeAll() -> String {
        var output = closeLists(downTo: 0)
        while quotes > 0 { output += "</blockquote>\n"; quotes -= 1 }
        return output
    }

    private mutating func closeLists(downTo depth: Int) -> String {
        var output = ""
        while lists.count > depth {
            let list = lists.removeLast()
            if list.itemOpen { output += "</li>\n" }
            output += list.ordered ? "</ol>\n" : "</ul>\n"
        }
        return output
    }

    /// The number of an ordered marker (`3.`, `12)`).
    private static func number(of marker: String) -> Int? {
        guard let last = marker.last, last == "." || last == ")" else { return nil }
        return Int(marker.dropLast())
    }
}

/// PLACEHOLDER — to be replaced by the real line breaker.
public enum BlockLayout {
    /// Lays a block out in lines of at most `columns` cells.
    public static func lines(of block: Block, columns: Int) -> [LayoutLine] {
        let units = Array(block.text.utf16)
        if units.isEmpty { return [LayoutLine(prefix: "", text: "", textRange: 0..<0)] }
        var result: [LayoutLine] = []
        var start = 0
        while start < units.count {
            let end = min(units.count, start + columns)
            result.append(LayoutLine(prefix: "", text: String(decoding: units[start..<end], as: UTF16.self), textRange: start..<end))
            start = end
        }
        return result
    }

    /// The number of lines ``lines(of:columns:)`` would return, without building them.
    public static func lineCount(of block: Block, columns: Int) -> Int {
        lines(of: block, columns: columns).count
    }
}

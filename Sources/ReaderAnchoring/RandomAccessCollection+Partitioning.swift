extension RandomAccessCollection where Index == Int {
    /// The first index whose element satisfies `isAbove`, for elements ordered so that it holds
    /// from some index to the end.
    func partitioningIndex(where isAbove: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if isAbove(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

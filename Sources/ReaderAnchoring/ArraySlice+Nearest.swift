extension ArraySlice where Element == UInt32 {
    /// At most `limit` of the (ascending) values, the ones nearest to `center` when there are more;
    /// all of them in order when there are not.
    func nearest(to center: Int, limit: Int) -> [UInt32] {
        guard count > limit else { return Array(self) }
        var upper = partitioningIndex { Int($0) >= center }
        var lower = upper - 1
        var picked: [UInt32] = []
        picked.reserveCapacity(limit)
        while picked.count < limit {
            let takeUpper: Bool
            if lower < startIndex {
                takeUpper = true
            } else if upper >= endIndex {
                takeUpper = false
            } else {
                takeUpper = Int(self[upper]) - center <= center - Int(self[lower])
            }
            if takeUpper {
                picked.append(self[upper])
                upper += 1
            } else {
                picked.append(self[lower])
                lower -= 1
            }
        }
        return picked
    }
}

/// Values remembered per page, near the pages last stored: once it holds twice ``capacity``
/// pages, only the ``capacity`` nearest the page just stored are kept. A pass over a book of any
/// length so keeps a bounded window, while the pages a reflow looks back and ahead to stay.
/// Every value can be made again, so what is dropped changes only the work, never a result.
struct PageWindowCache<Value> {
    /// How many pages survive a trim.
    let capacity: Int
    private var values: [Int: Value] = [:]

    /// A cache keeping about `capacity` pages (up to twice as many between trims).
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The value kept for `page`; storing one may drop the pages farthest from it.
    subscript(page: Int) -> Value? {
        get { values[page] }
        set {
            values[page] = newValue
            guard values.count > 2 * capacity else { return }
            let nearest = values.keys.sorted { (abs($0 - page), $0) < (abs($1 - page), $1) }.prefix(capacity)
            let kept = Set(nearest)
            values = values.filter { kept.contains($0.key) }
        }
    }
}

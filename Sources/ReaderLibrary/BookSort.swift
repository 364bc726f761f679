/// The orders `library list` can give.
public enum BookSort: String, Sendable, CaseIterable {
    /// By title (then author).
    case title
    /// By first author (then title).
    case author
    /// Newest added first.
    case added
    /// Most recently read first; unread books last.
    case read

    /// Sorts books in this order; ties are broken by title, then UUID, so output is deterministic.
    public func sorted(_ books: [LibraryBook]) -> [LibraryBook] {
        // Keys are computed once per book, not once per comparison, and the sort moves indices,
        // not books or keys (copying a book or a key costs a retain per field).
        let keys = books.indices.map { index in
            let book = books[index]
            return SortKey(index: index, title: book.displayTitle.lowercased(),
                           author: (book.authors.first ?? "\u{10FFFF}").lowercased(),
                           addedAt: book.addedAt.milliseconds, lastReadAt: book.lastReadAt?.milliseconds ?? Int64.min,
                           uuid: book.uuid)
        }
        let order = keys.withUnsafeBufferPointer { keys in
            keys.indices.sorted { left, right in precedes(keys[left], keys[right]) }
        }
        return order.map { books[keys[$0].index] }
    }

    /// Whether the book of key `a` comes before that of key `b` in this order.
    private func precedes(_ a: borrowing SortKey, _ b: borrowing SortKey) -> Bool {
        switch self {
        case .title:
            if a.title != b.title { return a.title < b.title }
            if a.author != b.author { return a.author < b.author }
        case .author:
            if a.author != b.author { return a.author < b.author }
            if a.title != b.title { return a.title < b.title }
        case .added:
            if a.addedAt != b.addedAt { return a.addedAt > b.addedAt }
            if a.title != b.title { return a.title < b.title }
        case .read:
            if a.lastReadAt != b.lastReadAt { return a.lastReadAt > b.lastReadAt }
            if a.title != b.title { return a.title < b.title }
        }
        return a.uuid < b.uuid
    }

    /// What the orders compare, for one book.
    private struct SortKey {
        var index: Int
        var title: String
        var author: String
        var addedAt: Int64
        var lastReadAt: Int64
        var uuid: String
    }
}

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
        // Keys are computed once per book, not once per comparison.
        let keyed = books.map { book in
            (book: book, title: book.displayTitle.lowercased(), author: (book.authors.first ?? "\u{10FFFF}").lowercased())
        }
        return keyed.sorted { a, b in
            switch self {
            case .title:
                if a.title != b.title { return a.title < b.title }
                if a.author != b.author { return a.author < b.author }
            case .author:
                if a.author != b.author { return a.author < b.author }
                if a.title != b.title { return a.title < b.title }
            case .added:
                if a.book.addedAt != b.book.addedAt { return a.book.addedAt > b.book.addedAt }
                if a.title != b.title { return a.title < b.title }
            case .read:
                let left = a.book.lastReadAt?.milliseconds ?? Int64.min, right = b.book.lastReadAt?.milliseconds ?? Int64.min
                if left != right { return left > right }
                if a.title != b.title { return a.title < b.title }
            }
            return a.book.uuid < b.book.uuid
        }.map(\.book)
    }
}

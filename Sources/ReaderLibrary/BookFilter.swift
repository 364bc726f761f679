/// A `library list --filter` expression: space-separated terms that must all hold.
/// `tag:NAME`, `collection:NAME`, `status:unread|reading|finished`, `format:epub`, `missing`
/// (a file is missing), `error` (the book cannot be opened), `author:WORDS`, or a word that must
/// start a word of the title or authors. `-` before a term negates it.
public struct BookFilter: Sendable {
    private enum Term: Sendable {
        case tag(String), collection(String), status(String), format(String), missing, error, author(String), word(String)
    }

    private let terms: [(negated: Bool, term: Term)]

    /// Parses a filter.
    public init(_ text: String) {
        terms = text.split(separator: " ").map { piece -> (negated: Bool, term: Term) in
            var piece = Substring(piece)
            let negated = piece.hasPrefix("-") && piece.count > 1
            if negated { piece = piece.dropFirst() }
            let lowered = piece.lowercased()
            func value(after prefix: String) -> String? {
                lowered.hasPrefix(prefix) ? String(lowered.dropFirst(prefix.count)) : nil
            }
            if let name = value(after: "tag:") { return (negated, .tag(name)) }
            if let name = value(after: "collection:") { return (negated, .collection(name)) }
            if let name = value(after: "status:") { return (negated, .status(name)) }
            if let name = value(after: "format:") { return (negated, .format(name)) }
            if let name = value(after: "author:") { return (negated, .author(name)) }
            if lowered == "missing" { return (negated, .missing) }
            if lowered == "error" { return (negated, .error) }
            return (negated, .word(lowered))
        }
    }

    /// Whether a book passes every term.
    public func matches(_ book: LibraryBook) -> Bool {
        terms.allSatisfy { entry in holds(entry.term, for: book) != entry.negated }
    }

    private func holds(_ term: Term, for book: LibraryBook) -> Bool {
        switch term {
        case .tag(let name): book.tags.contains { $0.lowercased() == name }
        case .collection(let name): book.collections.contains { $0.lowercased() == name }
        case .status(let name): book.status.rawValue == name
        case .format(let name): book.format == name
        case .missing: book.files.contains(where: \.missing)
        case .error: book.error != nil
        case .author(let words):
            TitleWords.score(TitleWords.words(of: words), against: TitleWords.words(of: book.authors.joined(separator: " "))) != nil
        case .word(let word):
            TitleWords.score(TitleWords.words(of: word), against: TitleWords.words(of: ([book.displayTitle] + book.authors)
                .joined(separator: " "))) != nil
        }
    }
}

import Foundation

/// Builds every feed of the catalog from the list of books: the root, the listings (recent, by
/// title, by author, tag and collection, search results) and the lists of authors, tags and
/// collections. Feeds name their targets by path only; the writers add the version prefix.
struct OPDSFeedBuilder {
    let books: [OPDSBook]
    let pageSize: Int

    /// The root: one entry per way of browsing.
    func root() -> OPDSFeed {
        var feed = OPDSFeed(id: "urn:reader:opds:root", title: "reader catalog", path: "", kind: .navigation,
                            updated: latest(books))
        feed.navigation = [
            OPDSNavigationItem(id: "urn:reader:opds:recent", title: "Recently added", path: "recent", kind: .acquisition,
                               rel: "http://opds-spec.org/sort/new", count: books.count, summary: "Every book, newest first"),
            OPDSNavigationItem(id: "urn:reader:opds:titles", title: "By title", path: "titles", kind: .acquisition,
                               rel: "subsection", count: books.count, summary: "Every book, by title"),
            OPDSNavigationItem(id: "urn:reader:opds:authors", title: "By author", path: "authors", kind: .navigation,
                               rel: "subsection", count: groups(\.authors).count, summary: "Authors, each with their books"),
            OPDSNavigationItem(id: "urn:reader:opds:tags", title: "By tag", path: "tags", kind: .navigation,
                               rel: "subsection", count: groups(\.tags).count, summary: "Tags, each with its books"),
            OPDSNavigationItem(id: "urn:reader:opds:collections", title: "By collection", path: "collections", kind: .navigation,
                               rel: "subsection", count: groups(\.collections).count, summary: "Collections, each with its books"),
        ]
        return feed
    }

    /// Every book, newest first.
    func recent(page: Int) -> OPDSFeed? {
        listing(id: "urn:reader:opds:recent", title: "Recently added", path: "recent",
                books: books.sorted(by: OPDSBook.byRecency), page: page)
    }

    /// Every book by title.
    func titles(page: Int) -> OPDSFeed? {
        listing(id: "urn:reader:opds:titles", title: "By title", path: "titles", books: books.sorted(by: OPDSBook.byTitle), page: page)
    }

    /// The authors, tags or collections (`kind`), each leading to its books.
    func groupList(_ kind: OPDSGrouping) -> OPDSFeed {
        let grouped = groups(kind.keyPath)
        var feed = OPDSFeed(id: "urn:reader:opds:\(kind.rawValue)", title: kind.listTitle, path: kind.rawValue,
                            kind: .navigation, updated: latest(books))
        feed.navigation = grouped.map { name, members in
            let path = "\(kind.rawValue)/\(OPDSPath.encode(name))"
            return OPDSNavigationItem(id: "urn:reader:opds:\(kind.rawValue):\(OPDSPath.encode(name))", title: name, path: path,
                                      kind: .acquisition, rel: "subsection", count: members.count,
                                      summary: members.count == 1 ? "1 book" : "\(members.count) books")
        }
        return feed
    }

    /// The books of one author, tag or collection by title; nil when there is no such name.
    func group(_ kind: OPDSGrouping, named name: String, page: Int) -> OPDSFeed? {
        let members = books.filter { $0[keyPath: kind.keyPath].contains(name) }
        guard !members.isEmpty else { return nil }
        let encoded = OPDSPath.encode(name)
        return listing(id: "urn:reader:opds:\(kind.rawValue):\(encoded)", title: "\(kind.memberTitle): \(name)",
                       path: "\(kind.rawValue)/\(encoded)", books: members.sorted(by: OPDSBook.byTitle), page: page)
    }

    /// Books whose title, authors, tags or collections have a word starting with each word of
    /// `terms` (case and accents folded), by title.
    func search(_ terms: String, page: Int) -> OPDSFeed? {
        let wanted = OPDSSearchWords.words(of: terms)
        let found = wanted.isEmpty ? [] : books.filter { book in
            let words = OPDSSearchWords.words(of: ([book.title] + book.authors + book.tags + book.collections).joined(separator: " "))
            return wanted.allSatisfy { term in words.contains { $0.hasPrefix(term) } }
        }
        var feed = listing(id: "urn:reader:opds:search", title: "Search: \(terms)", path: "search",
                           books: found.sorted(by: OPDSBook.byTitle), page: page)
        feed?.query = [("q", terms)]
        return feed
    }

    /// One page of `books`; nil when the page does not exist (an empty listing has page 1).
    private func listing(id: String, title: String, path: String, books: [OPDSBook], page: Int) -> OPDSFeed? {
        let position = OPDSPage(number: page, size: pageSize, total: books.count)
        guard page >= 1, page <= position.count else { return nil }
        let slice = Array(books.dropFirst(position.firstIndex).prefix(pageSize))
        var feed = OPDSFeed(id: id, title: title, path: path, kind: .acquisition, updated: latest(books))
        feed.books = slice
        feed.page = position
        return feed
    }

    /// Names and their books, by name.
    private func groups(_ keyPath: KeyPath<OPDSBook, [String]>) -> [(String, [OPDSBook])] {
        var members: [String: [OPDSBook]] = [:]
        for book in books {
            for name in Set(book[keyPath: keyPath]) where !name.isEmpty { members[name, default: []].append(book) }
        }
        return members.sorted { $0.key.lowercased() == $1.key.lowercased() ? $0.key < $1.key : $0.key.lowercased() < $1.key.lowercased() }
            .map { ($0.key, $0.value) }
    }

    /// The latest change among `books`, or the epoch for none (so an empty feed's bytes are stable).
    private func latest(_ books: [OPDSBook]) -> Date {
        books.map(\.updated).max() ?? Date(timeIntervalSince1970: 0)
    }
}

/// The ways books are grouped, with the path segment naming each.
enum OPDSGrouping: String, Sendable, CaseIterable {
    case authors, tags, collections

    var keyPath: KeyPath<OPDSBook, [String]> {
        switch self {
        case .authors: \.authors
        case .tags: \.tags
        case .collections: \.collections
        }
    }

    var listTitle: String {
        switch self {
        case .authors: "Authors"
        case .tags: "Tags"
        case .collections: "Collections"
        }
    }

    var memberTitle: String {
        switch self {
        case .authors: "Author"
        case .tags: "Tag"
        case .collections: "Collection"
        }
    }
}

/// Words for search: case and accents folded, split at anything not a letter or digit.
enum OPDSSearchWords {
    static func words(of text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

/// Path segments in catalog addresses.
enum OPDSPath {
    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")

    /// A name as one path segment or query value: everything but unreserved ASCII percent-encoded.
    static func encode(_ name: String) -> String {
        name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? name
    }
}

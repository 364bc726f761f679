import Foundation
import ReaderCore

extension Library {
    /// The book a reference names: a path (of a file the library knows, or of any file whose
    /// fingerprint is a book's), a fingerprint (`format:sha256:bytes`), at least 8 leading hex
    /// digits of its SHA-256, its KOReader partial MD5, its UUID, or words of its title or
    /// authors, matched fuzzily (case, accents and one typo in a longer word forgiven).
    /// - Throws: ``ReaderError`` of kind `fileNotFound` when nothing matches, `invalidArgument`
    ///   when several books match equally well (they are named).
    public func book(matching reference: String) throws(ReaderError) -> LibraryBook {
        let trimmed = reference.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ReaderError(.invalidArgument, reason: "no book given") }
        if let status = FileStatus.of(trimmed), status.isRegularFile {
            return try book(atPath: trimmed)
        }
        let books = try store.read { (transaction) throws(ReaderError) in try transaction.books() }
        if let fingerprint = DocumentFingerprint(trimmed) {
            if let book = books.first(where: { $0.fingerprint == fingerprint.description }) { return book }
            throw notFound(trimmed)
        }
        let lowered = trimmed.lowercased()
        if let book = books.first(where: { $0.uuid == lowered }) { return book }
        if lowered.count >= 8, lowered.allSatisfy(\.isHexDigit) {
            let matches = books.filter { book in
                book.partialMD5 == lowered || (DocumentFingerprint(book.fingerprint)?.sha256.hasPrefix(lowered) ?? false)
            }
            if matches.count == 1 { return matches[0] }
            if matches.count > 1 { throw ambiguous(trimmed, matches) }
        }
        return try book(titled: trimmed, among: books)
    }

    /// The book held by the file at `path`.
    private func book(atPath path: String) throws(ReaderError) -> LibraryBook {
        let canonical = FileStatus.canonicalPath(path)
        let known = try store.read { (transaction) throws(ReaderError) -> LibraryBook? in
            guard let file = try transaction.file(path: canonical), let uuid = file.bookUUID,
                  let status = FileStatus.of(canonical), status.size == file.size, status.modifiedAt == file.modifiedAt
            else { return nil }
            return try transaction.book(uuid: uuid)
        }
        if let known { return known }
        let fingerprint = try engine.fingerprint(path: canonical).description
        let found = try store.read { (transaction) throws(ReaderError) -> LibraryBook? in
            guard let uuid = try transaction.bookUUID(fingerprint: fingerprint) else { return nil }
            return try transaction.book(uuid: uuid)
        }
        guard let found else {
            throw ReaderError(.fileNotFound, file: path, reason: "not in the library (`reader library add` adds it)")
        }
        return found
    }

    /// The book whose title and authors best match the words of `query`.
    private func book(titled query: String, among books: [LibraryBook]) throws(ReaderError) -> LibraryBook {
        let wanted = TitleWords.words(of: query)
        guard !wanted.isEmpty else { throw notFound(query) }
        var scored: [(book: LibraryBook, score: Int)] = []
        for book in books {
            let words = TitleWords.words(of: ([book.displayTitle] + book.authors).joined(separator: " "))
            if let score = TitleWords.score(wanted, against: words) { scored.append((book, score)) }
        }
        guard let best = scored.map(\.score).max() else { throw notFound(query) }
        let winners = scored.filter { $0.score == best }.map(\.book)
        if winners.count > 1 { throw ambiguous(query, winners) }
        return winners[0]
    }

    private func notFound(_ reference: String) -> ReaderError {
        ReaderError(.fileNotFound, reason: "no book in the library matches \"\(reference.prefix(80))\"")
    }

    private func ambiguous(_ reference: String, _ books: [LibraryBook]) -> ReaderError {
        let names = books.prefix(5).map { "\($0.displayTitle) (\(String($0.uuid.prefix(8))))" }.joined(separator: "; ")
        return ReaderError(.invalidArgument,
                           reason: "\"\(reference.prefix(80))\" matches \(books.count) books: \(names)\(books.count > 5 ? "; …" : "")")
    }
}

/// Fuzzy matching of title words: every word asked for must match a word of the title or
/// authors, as a prefix (2 points each) or, for words of 4 letters or more, within one edit (1).
enum TitleWords {
    static func words(of text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
    }

    static func score(_ wanted: [String], against words: [String]) -> Int? {
        var total = 0
        for word in wanted {
            if words.contains(where: { $0.hasPrefix(word) }) {
                total += 2
            } else if word.count >= 4, words.contains(where: { withinOneEdit(Array(word), Array($0)) }) {
                total += 1
            } else {
                return nil
            }
        }
        return total
    }

    /// True when `a` becomes `b` (or a prefix of `b` as long as `a`) by at most one insertion,
    /// deletion or substitution.
    static func withinOneEdit(_ a: [Character], _ b: [Character]) -> Bool {
        for candidate in [b, Array(b.prefix(a.count)), Array(b.prefix(a.count + 1)), Array(b.prefix(max(0, a.count - 1)))] {
            if editDistanceAtMostOne(a, candidate) { return true }
        }
        return false
    }

    private static func editDistanceAtMostOne(_ a: [Character], _ b: [Character]) -> Bool {
        if abs(a.count - b.count) > 1 { return false }
        var i = 0, j = 0, edits = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                i += 1
                j += 1
                continue
            }
            edits += 1
            if edits > 1 { return false }
            if a.count > b.count { i += 1 } else if b.count > a.count { j += 1 } else { i += 1; j += 1 }
        }
        return edits + (a.count - i) + (b.count - j) <= 1
    }
}

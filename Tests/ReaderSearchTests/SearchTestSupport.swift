import Foundation
import ReaderCore
import ReaderEngine
import ReaderSearch
import ReaderTestSupport

/// Opening TestBooks and checking search results against a naive scan written independently of
/// ReaderSearch (the standard library's `lowercased()`, whitespace split, plain substring counting).
enum SearchTestSupport {
    static func open(_ book: String) throws -> any Document {
        try ReaderEngine.standard.open(path: TestLocation.testBooks.path + "/" + book)
    }

    static func hits(_ document: any Document, _ query: SearchQuery, paginator: Paginator? = nil,
                     sections: [Int]? = nil) throws -> [SearchHit] {
        try DocumentSearch(document: document, query: query, paginator: paginator, sections: sections).allHits()
    }

    static func matches(_ document: any Document, _ query: SearchQuery, sections: [Int]? = nil) throws -> [SearchMatch] {
        let search = try DocumentSearch(document: document, query: query, sections: sections)
        var matches: [SearchMatch] = []
        while let match = try search.nextMatch() { matches.append(match) }
        return matches
    }

    /// The document's text as runs that a phrase may cross: sections joined while they run on
    /// (blocks and such sections separated by a line feed), a new run at every section that starts
    /// a new page.
    static func runs(of document: any Document) throws -> [String] {
        var runs: [String] = []
        var current: [String] = []
        for section in document.readingOrder {
            if section.startsNewPage, !current.isEmpty {
                runs.append(current.joined(separator: "\n"))
                current = []
            }
            current.append(contentsOf: try document.content(ofSection: section.index).blocks.map(\.text))
        }
        if !current.isEmpty { runs.append(current.joined(separator: "\n")) }
        return runs
    }

    /// Whitespace runs as one space, trimmed.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Non-overlapping occurrences of `needle` in `haystack`, compared unit by unit.
    static func occurrences(of needle: String, in haystack: String) -> Int {
        let needle = Array(needle.utf16), haystack = Array(haystack.utf16)
        guard !needle.isEmpty, needle.count <= haystack.count else { return 0 }
        var count = 0, index = 0
        while index + needle.count <= haystack.count {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) {
                count += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return count
    }

    /// How often `query` occurs in the document, case-insensitively by `lowercased()` unless
    /// `caseSensitive`, whitespace runs matching whitespace runs.
    static func naiveCount(_ query: String, in document: any Document, caseSensitive: Bool = false) throws -> Int {
        let fold: (String) -> String = { caseSensitive ? collapsed($0) : collapsed($0).lowercased() }
        let needle = fold(query)
        return try runs(of: document).reduce(0) { $0 + occurrences(of: needle, in: fold($1)) }
    }

    /// The words of the document (letters and digits), for whole-word counts.
    static func words(of document: any Document) throws -> [Substring] {
        try runs(of: document).flatMap { run in
            run.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
        }
    }

    /// The text of a block between two offsets of its UTF-16 view.
    static func text(of block: Block, from start: Int, to end: Int) -> String {
        let units = Array(block.text.utf16)
        return String(decoding: units[max(0, start)..<min(units.count, end)], as: UTF16.self)
    }

    /// The original text a match covers, blocks joined by a line feed.
    static func originalText(_ document: any Document, _ match: SearchMatch) throws -> String {
        var pieces: [String] = []
        var position = TextPosition(section: match.start.section, block: match.start.block, offset: 0)
        while position.section <= match.end.section {
            let blocks = try document.content(ofSection: position.section).blocks
            while position.block < blocks.count {
                let here = TextPosition(section: position.section, block: position.block, offset: 0)
                if here > TextPosition(section: match.end.section, block: match.end.block, offset: 0) { break }
                let block = blocks[position.block]
                let from = here == TextPosition(section: match.start.section, block: match.start.block, offset: 0) ? match.start.offset : 0
                let to = (position.section, position.block) == (match.end.section, match.end.block) ? match.end.offset : block.text.utf16.count
                pieces.append(text(of: block, from: from, to: to))
                position.block += 1
            }
            position = TextPosition(section: position.section + 1, block: 0, offset: 0)
        }
        return pieces.joined(separator: "\n")
    }
}

extension SearchTestSupport {
    /// Runs `body` with a document opened from a file holding `text`, named `name`.
    static func withBook<T>(_ text: String, name: String = "book.txt", _ body: (any Document) throws -> T) throws -> T {
        try withTemporaryDirectory(prefix: "reader-search") { directory in
            let path = directory.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            return try body(try ReaderEngine.standard.open(path: path))
        }
    }

    /// The path of a corpus book, or nil when the corpus is absent.
    static func corpusBook(_ relative: String) -> String? {
        let path = TestLocation.corpus.path + "/" + relative
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}

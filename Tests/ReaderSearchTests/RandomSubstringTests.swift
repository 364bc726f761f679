import Foundation
import ReaderCore
import ReaderSearch
import ReaderTestSupport
import Testing

/// Property: a piece of a book's own text, searched for, is found where it was taken from.
@Suite struct RandomSubstringTests {
    @Test("random substrings of a book are found at their own position", arguments: [
        "txt/lighthouse-keeper.txt", "txt/moon-garden.gb18030.txt", "txt/winter-road.ru.txt", "md/field-notes.md",
        "epub/moon-garden.epub", "pdf/harbour-lights.pdf", "mobi/lighthouse-keeper.mobi", "mobi/lighthouse-keeper.azw3",
    ])
    func substringsAreFound(_ book: String) throws {
        let document = try SearchTestSupport.open(book)
        var random = SeededRandom(seed: book.utf8.reduce(0x5EA2C4) { $0 &* 31 &+ UInt64($1) })
        var blocks: [(position: TextPosition, text: String)] = []
        for section in document.readingOrder.indices {
            for (index, block) in try document.content(ofSection: section).blocks.enumerated() where block.text.count > 12 {
                blocks.append((TextPosition(section: section, block: index, offset: 0), block.text))
            }
        }
        #expect(blocks.count > 5)
        for trial in 0..<40 {
            let (position, text) = blocks[Int.random(in: 0..<blocks.count, using: &random)]
            let characters = Array(text)
            let length = Int.random(in: 3...min(40, characters.count), using: &random)
            var start = Int.random(in: 0...(characters.count - length), using: &random)
            var end = start + length
            while start < end, characters[start].isWhitespace { start += 1 }
            while end > start, characters[end - 1].isWhitespace { end -= 1 }
            guard start < end else { continue }
            let piece = String(characters[start..<end])
            let offset = String(characters[..<start]).utf16.count
            let here = TextPosition(section: position.section, block: position.block, offset: offset)
            let caseSensitive = trial.isMultiple(of: 2)
            let matches = try SearchTestSupport.matches(document, SearchQuery(piece, caseSensitive: caseSensitive))
            // Matches do not overlap, so an earlier occurrence may cover this one; it then starts
            // before it and ends after its start.
            let found = matches.contains { $0.start == here }
                || matches.contains { $0.start < here && here < $0.end }
            #expect(found, "\(book): \"\(piece)\" at \(here)")
        }
    }
}

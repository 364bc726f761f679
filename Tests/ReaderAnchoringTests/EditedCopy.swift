import ReaderCore
import ReaderTestSupport

/// A "corrected re-issue" of some paragraphs: words deleted, inserted and misspelt at seeded
/// random places, with where every untouched word went, so a test knows the right answer.
struct EditedCopy {
    /// The edited paragraphs.
    private(set) var paragraphs: [String] = []
    /// For each untouched word: its start in the original and in the copy (block = paragraph).
    private(set) var keptWords: [(original: TextPosition, edited: TextPosition)] = []

    /// Edits about `rate` of the words: a third deleted, a third preceded by an inserted word, a
    /// third misspelt. Words are split at spaces, or, when `spaced` is false (Han text), are
    /// single characters.
    init(_ original: [String], rate: Double, seed: UInt64, spaced: Bool = true) {
        var random = SeededRandom(seed: seed)
        let insertions = spaced ? ["indeed", "quite", "still", "then", "again", "perhaps"] : ["又", "还", "也", "就", "很"]
        let gap = spaced ? 1 : 0
        for (block, paragraph) in original.enumerated() {
            let tokens = spaced ? paragraph.split(separator: " ").map(String.init) : paragraph.map(String.init)
            var output: [String] = []
            var originalOffset = 0
            var editedOffset = 0
            func emit(_ token: String, kept: Bool) {
                if !output.isEmpty { editedOffset += gap }
                if kept {
                    keptWords.append((TextPosition(section: 0, block: block, offset: originalOffset),
                                      TextPosition(section: 0, block: block, offset: editedOffset)))
                }
                output.append(token)
                editedOffset += token.utf16.count
            }
            for token in tokens {
                let roll = Double.random(in: 0..<1, using: &random)
                if roll < rate / 3 {
                    // deleted
                } else if roll < rate * 2 / 3 {
                    emit(insertions.randomElement(using: &random)!, kept: false)
                    emit(token, kept: true)
                } else if roll < rate {
                    emit(Self.misspelt(token, using: &random), kept: false)
                } else {
                    emit(token, kept: true)
                }
                originalOffset += token.utf16.count + gap
            }
            paragraphs.append(output.joined(separator: spaced ? " " : ""))
        }
    }

    /// Two neighbouring characters swapped, or, for a single character, another one.
    private static func misspelt(_ token: String, using random: inout SeededRandom) -> String {
        var characters = Array(token)
        guard characters.count >= 2 else { return token == "口" ? "日" : "口" }
        let at = Int.random(in: 0..<(characters.count - 1), using: &random)
        if characters[at] == characters[at + 1] { characters[at] = "z" } else { characters.swapAt(at, at + 1) }
        return String(characters)
    }
}

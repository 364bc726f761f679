import ReaderCore

/// The words on either side of a text position, to tell whether two positions in two editions of
/// a book are on the same words.
///
/// Words are lower-cased runs of letters, digits and marks; format characters (soft hyphens,
/// zero-width spaces) are skipped without ending a word; each Han or kana character is a word of
/// its own. Punctuation and spacing are not compared, since conversions change them.
public enum PositionWords {
    /// The words of `text`.
    public static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        func finish() {
            guard !current.isEmpty else { return }
            words.append(String(current).lowercased())
            current = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if isWrittenWithoutSpaces(scalar) {
                finish()
                words.append(String(scalar))
                continue
            }
            switch properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
                current.append(scalar)
            case .format:
                continue
            default:
                finish()
            }
        }
        finish()
        return words
    }

    /// Up to `before` words before and `after` words from `offset` (UTF-16) in one block's text.
    public static func inBlock(_ text: String, at offset: Int, before: Int, after: Int) -> (before: [String], after: [String]) {
        let units = Array(text.utf16)
        let cut = min(max(0, offset), units.count)
        let head = words(of: String(decoding: units[..<cut], as: UTF16.self))
        let tail = words(of: String(decoding: units[cut...], as: UTF16.self))
        return (Array(head.suffix(before)), Array(tail.prefix(after)))
    }

    /// Up to `before` words before and `after` words from `position`, reading on into the blocks
    /// and sections around it.
    public static func around(_ position: TextPosition, in document: any Document, before: Int, after: Int)
        throws -> (before: [String], after: [String]) {
        let blocks = try document.content(ofSection: position.section).blocks
        guard blocks.indices.contains(position.block) else { return ([], []) }
        let units = Array(blocks[position.block].text.utf16)
        let cut = min(max(0, position.offset), units.count)
        var head = words(of: String(decoding: units[..<cut], as: UTF16.self))
        var tail = words(of: String(decoding: units[cut...], as: UTF16.self))
        var section = position.section
        var block = position.block
        while head.count < before, let previous = try step(back: true, section: section, block: block, in: document) {
            (section, block) = (previous.section, previous.block)
            head = words(of: previous.text) + head
        }
        (section, block) = (position.section, position.block)
        while tail.count < after, let next = try step(back: false, section: section, block: block, in: document) {
            (section, block) = (next.section, next.block)
            tail += words(of: next.text)
        }
        return (Array(head.suffix(before)), Array(tail.prefix(after)))
    }

    /// The block before or after one, across sections; nil at either end of the document.
    private static func step(back: Bool, section: Int, block: Int, in document: any Document)
        throws -> (section: Int, block: Int, text: String)? {
        var section = section
        var block = block + (back ? -1 : 1)
        while document.readingOrder.indices.contains(section) {
            let blocks = try document.content(ofSection: section).blocks
            if back, block == Int.max { block = blocks.count - 1 }
            if blocks.indices.contains(block) { return (section, block, blocks[block].text) }
            section += back ? -1 : 1
            block = back ? Int.max : 0
        }
        return nil
    }

    /// Han ideographs, kana (halfwidth too) and their iteration marks: characters of scripts
    /// written without spaces, each a word of its own.
    public static func isWrittenWithoutSpaces(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3005...0x3007, 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            true
        default:
            false
        }
    }
}

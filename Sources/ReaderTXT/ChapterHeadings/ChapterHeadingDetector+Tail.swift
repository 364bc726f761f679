// MARK: - What follows the number

extension ChapterHeadingDetector {
    /// What follows the number of a heading.
    enum Tail {
        /// Nothing, or only a closing full stop or colon.
        case empty
        /// A separator and a plausible title.
        case title
        /// Text that makes the line prose rather than a heading.
        case rejected
    }

    /// Judges what follows the number (or an unnumbered keyword).
    ///
    /// A title needs a separator (`.`, `:`, a dash, a full-width colon) or, after a plain space when
    /// `requireSeparator` is false, has to start with an upper-case letter and have no more lower-case
    /// words than capitalised ones. A title may not end with `,` or `;`, run past ten words, or read
    /// like a sentence (five or more words, mostly lower-case, ending with a full stop).
    static func tail(_ rest: ArraySlice<Unicode.Scalar>, requireSeparator: Bool) -> Tail {
        var cursor = rest.startIndex
        var sawSpace = false
        while cursor < rest.endIndex, isSpace(rest[cursor]) { cursor += 1; sawSpace = true }
        if cursor == rest.endIndex { return .empty }
        var separated = false
        switch rest[cursor] {
        case ".", ":", "\u{FF1A}", "\u{2014}", "\u{2013}", "-", "\u{FF0E}":
            separated = true
            cursor += 1
            while cursor < rest.endIndex, rest[cursor] == "-" || rest[cursor] == "\u{2014}" { cursor += 1 }
        default:
            break
        }
        // "Chapter 3rd" never gets here; "Prologue of the book" and "Chapter 3of" stop here.
        if !separated, !sawSpace || requireSeparator { return .rejected }
        let afterSeparator = cursor
        while cursor < rest.endIndex, isSpace(rest[cursor]) { cursor += 1 }
        if cursor == rest.endIndex {
            // "CHAPTER I." and "Prologue:" are complete; a dangling dash is not.
            return rest[afterSeparator - 1] == "." || rest[afterSeparator - 1] == ":" ? .empty : .rejected
        }
        // "Chapter 1.2" or "Book 3:4" are references, not headings.
        if separated, cursor == afterSeparator, isDigit(rest[cursor]) { return .rejected }
        let title = rest[cursor...]
        guard let last = title.last, !isForbiddenTitleEnd(last, separated: separated) else { return .rejected }
        var wordCount = 0
        var capitalised = 0
        var lowercase = 0
        var index = title.startIndex
        while index < title.endIndex {
            while index < title.endIndex, isSpace(title[index]) { index += 1 }
            guard index < title.endIndex else { break }
            wordCount += 1
            var letter = index
            while letter < title.endIndex, !isSpace(title[letter]), !isLetter(title[letter]) { letter += 1 }
            if letter < title.endIndex, isLetter(title[letter]) {
                if isUpper(title[letter]) { capitalised += 1 } else { lowercase += 1 }
            }
            while index < title.endIndex, !isSpace(title[index]) { index += 1 }
        }
        guard wordCount <= 10 else { return .rejected }
        if separated {
            if last == ".", wordCount >= 5, lowercase > capitalised { return .rejected }
        } else {
            var firstLetter = title.startIndex
            while firstLetter < title.endIndex, !isLetter(title[firstLetter]) {
                // Only opening quotes and brackets may precede the first letter.
                guard isOpeningMark(title[firstLetter]) else { return .rejected }
                firstLetter += 1
            }
            guard firstLetter < title.endIndex, isUpper(title[firstLetter]), lowercase <= capitalised else {
                return .rejected
            }
        }
        return .title
    }

    /// Whether a title may not end with `scalar`: a comma (`,` `，` `、`), or a semicolon (`;` `；`)
    /// unless the title follows a separator (a trailing semicolon is a question mark in Greek).
    private static func isForbiddenTitleEnd(_ scalar: Unicode.Scalar, separated: Bool) -> Bool {
        switch scalar {
        case ",", "\u{FF0C}", "\u{3001}": true
        case ";", "\u{FF1B}": !separated
        default: false
        }
    }

    /// Whether `scalar` is an opening quote or bracket, which may come before a title's first letter.
    private static func isOpeningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\"", "'", "“", "‘", "«", "(", "[": true
        default: false
        }
    }
}

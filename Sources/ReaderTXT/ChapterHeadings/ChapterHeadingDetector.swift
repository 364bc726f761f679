/// Recognises chapter headings in plain text lines, for the TXT table of contents.
///
/// The detector is called on every line of files that may be hundreds of megabytes long, so it
/// works on Unicode scalars without Foundation or regular expressions, and it gives up early: a
/// line whose trimmed length exceeds ``maximumHeadingLength`` scalars, or whose first character
/// cannot start any heading, costs a handful of comparisons.
///
/// What counts as a heading (leading ASCII, no-break and ideographic spaces are ignored):
/// - a keyword, a number and an optional title: `Chapter 1`, `CHAPTER XII`, `Chapter Twenty-Three`,
///   `CHAPTER I. THE POOL OF TEARS`, `Chapter 3: Title`, `Book the First—Recalled to Life`,
///   `Part One`, `PART II`, `Book 3`, `Volume I`, `Act II`, `Scene 3`, `Глава 1`, `ГЛАВА ПЕРВАЯ`,
///   `Часть первая`, `Chapitre premier`, `Kapitel 4`, `Capítulo 2`, `Capitolo 3`, `Kapitola I`,
///   `Rozdział 2`, `Fejezet II`, `Κεφάλαιο 3`, `الفصل الأول`. The keyword starts with a capital;
///   the number is Arabic (ASCII or full-width digits), a valid Roman numeral (Greek and Cyrillic
///   look-alikes of I and X included), or a number word (English, Russian, a few Romance ordinals);
/// - the number-first order of Hungarian, German, Czech and Polish: `I. FEJEZET`, `1. Kapitel`;
/// - `Prologue`, `Epilogue`, `Пролог`, `Эпилог` (and their French, Spanish, German and Greek forms),
///   alone or with a title after a separator;
/// - `Introduction`, `Preface`, `Foreword`, `Afterword`, `Предисловие`, `Послесловие` alone on a
///   line with blank lines on both sides;
/// - a Roman numeral alone (`I.`, `XIV`) with blank lines on both sides;
/// - CJK `第一章`, `第1章`, `第十二回`, `第一节`, `第一話`, `第三卷`, `第一部`, `第四部分`, optionally
///   followed by a title (`第一章　出发`, `第二章泪池`), and the bare words `序章`, `楔子`, `尾声`, `终章`;
/// - Chinese numerals alone on a line (`一`, `十二`, `二十一、`), as Chinese and Japanese novels
///   number their chapters;
/// - decimal section numbers with a title after a blank line (`1. 第一部：十戒について`,
///   `1.1. 第一の戒め`, `2.3 Results`), when the text's numbered lines form an outline: a numbered
///   list alone has one level.
///
/// To keep ordinary prose out (`Chapter 3 of the report was late, he said.`, `Part of the reason`,
/// `第一章的内容很长，…`): a title written after a plain space must look like a title (it starts
/// with a capital and has no more lower-case words than capitalised ones); no title may end with a
/// comma, run past ten words, or, after a separator, read like a sentence (five or more mostly
/// lower-case words ending with a full stop); a Chinese title may not contain `。` or end with
/// `，`, and text running on from the unit character is refused when it begins with a grammatical
/// particle (`的`, `是`, …).
///
/// Level 1 is a part, book or volume (`Part`, `Book`, `Volume`, `Act`, `Часть`, `Книга`, `Том`, `卷`,
/// `部`, `篇`, `集`) or an outline's first-level number; level 2 is everything else.
public struct ChapterHeadingDetector: Sendable {
    /// The longest trimmed line, in Unicode scalars, that can be a heading.
    public static let maximumHeadingLength = 60

    /// Creates a detector.
    public init() {}

    /// The heading level (1 = part/book/volume, 2 = chapter) if `line` is a chapter heading, nil otherwise.
    /// `line` is one line without its line terminator; `previousLineBlank`/`nextLineBlank` say whether the
    /// neighbouring lines are empty (headings in plain text usually stand alone).
    public func headingLevel(of line: Substring, previousLineBlank: Bool, nextLineBlank: Bool) -> Int? {
        guard let scalars = Self.trimmedCandidateScalars(line.unicodeScalars) else { return nil }
        return Self.match(scalars, standalone: previousLineBlank && nextLineBlank)?.level
    }
}

import Foundation
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// Where the test books and the shared corpus live, found from this file's path.
enum ChapterHeadingFixtures {
    /// The package root (`Tests/ReaderTXTTests/` is two levels below it).
    static let packageRoot = TestLocation.packageRoot
    /// The project's own test books.
    static let testBooks = TestLocation.testBooks
    /// The shared corpus of real documents, a sibling of the work tree.
    static let corpus = TestLocation.corpus

    /// Whether the shared corpus is present on this machine.
    static var corpusAvailable: Bool {
        FileManager.default.fileExists(atPath: corpus.appendingPathComponent("txt/utf-8/en_alice_pg11.txt").path)
    }

    /// Whether the generated test books are present.
    static var testBooksAvailable: Bool {
        FileManager.default.fileExists(atPath: testBooks.appendingPathComponent("txt/lighthouse-keeper.txt").path)
    }

    /// A UTF-8 file decoded with replacement of invalid bytes and without a byte order mark.
    static func utf8Text(_ url: URL) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: url))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A UTF-16LE file that starts with a byte order mark.
    static func utf16LEText(_ url: URL) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(bytes.starts(with: [0xFF, 0xFE]))
        let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }
        return String(decoding: units, as: UTF16.self)
    }

    /// Runs the per-line detector over every line (LF, CR LF or CR endings), with whitespace-only
    /// lines counted as blank, and returns the zero-based line numbers and levels that matched.
    static func perLineHeadings(_ text: String) -> [(line: Int, level: Int, text: Substring)] {
        var lines: [Substring] = []
        var start = text.startIndex
        var index = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\r" {
                lines.append(text[start..<index])
                let next = scalars.index(after: index)
                if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" { index = next }
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        if start < text.endIndex { lines.append(text[start...]) }
        func isBlank(_ number: Int) -> Bool {
            guard lines.indices.contains(number) else { return true }
            return lines[number].unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0 == "\u{FEFF}" }
        }
        let detector = ChapterHeadingDetector()
        var found: [(line: Int, level: Int, text: Substring)] = []
        for (number, line) in lines.enumerated() {
            if let level = detector.headingLevel(
                of: line, previousLineBlank: isBlank(number - 1), nextLineBlank: isBlank(number + 1))
            {
                found.append((number, level, line))
            }
        }
        return found
    }
}

@Suite("Chapter heading detector: single lines")
struct ChapterHeadingDetectorTests {
    let detector = ChapterHeadingDetector()

    /// Headings that stand on their own line, whatever their neighbours.
    @Test(arguments: [
        ("Chapter 1", 2), ("CHAPTER XII", 2), ("Chapter One", 2), ("Chapter Twenty-Three", 2),
        ("Chapter Twenty Three", 2), ("CHAPTER I. THE POOL OF TEARS", 2), ("CHAPTER I.", 2),
        ("Chapter 3: Title", 2), ("Chapter 3 : Title", 2), ("Chapter 7 — The Storm", 2), ("CHAPTER IV.—THE SEA", 2),
        ("Chapter 2: The Storm", 2), ("Chapter 12 The Boy Who Lived", 2), ("Chapter the First", 2),
        ("Part One", 1), ("PART II", 1), ("Part 2: Winter", 1), ("Book 3", 1), ("Volume I", 1),
        ("BOOK THE FIRST—RECALLED TO LIFE", 1), ("ACT III", 1), ("Scene 2. A Room in the Castle", 2),
        ("Prologue", 2), ("EPILOGUE", 2), ("Epilogue: Ten Years Later", 2), ("Prologue.", 2),
        ("第一章", 2), ("第1章", 2), ("第１章", 2), ("第十二回", 2), ("第1回", 2), ("第一节", 2), ("第一百二十三章", 2),
        ("第三卷", 1), ("第一部", 1), ("第四部分：捐赠信息", 1), ("第一章　出发", 2), ("第一章 出发", 2),
        ("第十一章谁偷走了馅饼？", 2), ("第 1 節. 一般使用條款", 2), ("第一話", 2), ("序章", 2), ("楔子", 2), ("尾声", 2),
        ("Глава 1", 2), ("ГЛАВА ПЕРВАЯ", 2), ("Глава первая. Метель", 2), ("ГЛАВА ЧЕТВЁРТАЯ", 2),
        ("Глава двадцать первая", 2), ("Глава Х", 2), ("Часть первая", 1), ("ЧАСТЬ ПЕРВАЯ", 1), ("Часть 2", 1),
        ("Книга первая", 1), ("Том 4. Война и мир", 1), ("Пролог", 2), ("Эпилог", 2),
        ("Chapitre 1", 2), ("CHAPITRE I. Dans le terrier du lapin", 2), ("Chapitre premier", 2), ("Kapitel 4", 2),
        ("1. Kapitel", 2), ("Capítulo 2", 2), ("CAPÍTULO V", 2), ("Capítulo primero", 2), ("Capitolo 3", 2),
        ("KAPITOLA I. Dolů Králičí dírou", 2), ("FEJEZET II. A könnyek medencéje", 2), ("I. FEJEZET.", 2),
        ("V. FEJEZET Tanácsok egy Caterpillartól", 2), ("Rozdział 1", 2), ("ΚΕΦΑΛΑΙΟ Ι.", 2),
        ("Κεφάλαιο 3", 2), ("ΜΕΡΟΣ 2", 1), ("Μέρος 2", 1), ("ΕΠΙΛΟΓΟΣ", 2), ("ΚΕΦΑΛΑΙΟ XI. Ποιος έκλεψε τις τάρτες;", 2), ("الفصل الأول", 2),
        ("الفصل الحادي عشر من سرق الفطائر؟", 2), ("الجزء 2", 1),
        ("　　第一章　出发", 2), ("   Chapter 4", 2), ("\tCHAPTER V", 2), ("Chapter 9   ", 2), ("CHAPTER III\r", 2),
    ])
    func headingAnywhere(line: String, level: Int) {
        for (previousBlank, nextBlank) in [(true, true), (false, false), (true, false), (false, true)] {
            #expect(
                detector.headingLevel(of: line[...], previousLineBlank: previousBlank, nextLineBlank: nextBlank)
                    == level, "previous blank \(previousBlank), next blank \(nextBlank)")
        }
    }

    /// Headings only when blank lines surround them: they are too easily ordinary text otherwise.
    @Test(arguments: ["I.", "XIV", "IV", "XXV.", "Introduction", "PREFACE", "Foreword", "Предисловие", "Introduction:"])
    func headingOnlyWhenStandalone(line: String) {
        #expect(detector.headingLevel(of: line[...], previousLineBlank: true, nextLineBlank: true) == 2)
        #expect(detector.headingLevel(of: line[...], previousLineBlank: false, nextLineBlank: true) == nil)
        #expect(detector.headingLevel(of: line[...], previousLineBlank: true, nextLineBlank: false) == nil)
        #expect(detector.headingLevel(of: line[...], previousLineBlank: false, nextLineBlank: false) == nil)
    }

    /// Prose and near misses: not headings even between blank lines.
    @Test(arguments: [
        "Chapter 3 of the report was late, he said.",
        "Chapter 12 explains how the engine works",
        "Chapter 3. the report was late and nobody seemed to mind it.",
        "第一章的内容很长，我们今天不讨论了，明天再说吧。",
        "第三章讲的是月亮。",
        "第一百回合的比赛开始了",
        "第三节课",
        "第二天早上，小满跑到院子里去看。",
        "第一次",
        "Part of the reason was the weather.",
        "Part of the reason",
        "Part One of the plan was simple",
        "Book of Kells",
        "Book 3 was better than the first two,",
        "Chapter and verse",
        "CHAPTER",
        "Chapters 1 to 3",
        "Chapter 1.2",
        "Book 3:4",
        "Chapter 3rd",
        "Chapter 7 —",
        "chapter 1",
        "Volume control",
        "Introduction to Algebra",
        "Prologue of the play was short",
        "Epilogues",
        "IIII", "VX", "MIX", "iv", "XIV of them",
        "I am here.",
        "Часть пути мы прошли пешком.",
        "Глава семьи вернулся домой.",
        "Том Сойер",
        "Книга лежала на столе.",
        "1. Look at the light before you look at anything else.",
        "2. Kapitel lesen",
        "THE END",
        "Contents",
        "",
        "   ",
        "Chapter 1: A title that goes on and on and on well past the sixty character limit",
        "Chapter 1: one two three four five six seven eight nine ten eleven",
        "Chapter 4, in which nothing happens",
    ])
    func notAHeading(line: String) {
        #expect(detector.headingLevel(of: line[...], previousLineBlank: true, nextLineBlank: true) == nil)
    }

    /// The detector takes any substring, not only whole strings.
    @Test func acceptsSlicesOfLargerStrings() {
        let text = "Some prose here.\nCHAPTER IX. THE END OF IT\nMore prose."
        let lines = text.split(separator: "\n")
        #expect(detector.headingLevel(of: lines[1], previousLineBlank: false, nextLineBlank: false) == 2)
        #expect(detector.headingLevel(of: lines[0], previousLineBlank: true, nextLineBlank: false) == nil)
    }

    /// The length limit is measured after trimming, in Unicode scalars.
    @Test func lengthLimitIsInScalarsAfterTrimming() {
        let limit = ChapterHeadingDetector.maximumHeadingLength
        let fits = "第一章　" + String(repeating: "月", count: limit - 4)
        let tooLong = fits + "月"
        #expect(detector.headingLevel(of: ("　　" + fits)[...], previousLineBlank: true, nextLineBlank: true) == 2)
        #expect(detector.headingLevel(of: tooLong[...], previousLineBlank: true, nextLineBlank: true) == nil)
    }
}

@Suite("Chapter heading detector: whole texts")
struct ChapterHeadingScanTests {
    let detector = ChapterHeadingDetector()

    @Test func emptyAndHeadingFreeTexts() {
        #expect(detector.headings(in: "").isEmpty)
        #expect(detector.headings(in: "\n\n\n").isEmpty)
        #expect(detector.headings(in: "Just one line of prose.").isEmpty)
    }

    @Test func bareHeadingTakesTheTitleLineBelowIt() {
        let text = "CHAPTER I.\nDown the Rabbit-Hole\n\nAlice was beginning to get very tired.\n"
        let found = detector.headings(in: text)
        #expect(found.map(\.title) == ["CHAPTER I. Down the Rabbit-Hole"])
        #expect(found.first?.lineIndex == 0)
        #expect(found.first?.level == 2)
    }

    @Test func titleLineIsNotTakenWhenProseFollowsWithoutABreak() {
        let text = "第一章\n　　七月的最后一天，小满跟着妈妈搬到了外婆家。\n　　外婆家在城西的老巷子里。\n"
        #expect(detector.headings(in: text).map(\.title) == ["第一章"])
    }

    @Test func headingWithItsOwnTitleTakesNothingMore() {
        let text = "\nCHAPTER III. THE LETTER\nThe letter came on Wednesday.\n\n"
        #expect(detector.headings(in: text).map(\.title) == ["CHAPTER III. THE LETTER"])
    }

    @Test func contentsListWithoutBlankLinesIsDropped() {
        let body = String(repeating: "Some ordinary prose line that goes on for a while.\n", count: 5)
        let text = "Contents\nCHAPTER I. Down\nCHAPTER II. Up\nCHAPTER III. Around\n\n"
            + "CHAPTER I. Down\n\n" + body + "\nCHAPTER II. Up\n\n" + body + "\nCHAPTER III. Around\n\n" + body
        let found = detector.headings(in: text)
        #expect(found.map(\.lineIndex) == [5, 13, 21])
        #expect(found.map(\.title) == ["CHAPTER I. Down", "CHAPTER II. Up", "CHAPTER III. Around"])
    }

    @Test func contentsListWithBlankLinesRightBeforeChapterOneKeepsChapterOne() {
        let body = String(repeating: "Prose.\n", count: 4)
        let text = "CHAPTER I.\n\nOne\n\nCHAPTER II.\n\nTwo\n\nCHAPTER III.\n\nThree\n\n"
            + "CHAPTER I.\nOne\n\n" + body + "\nCHAPTER II.\nTwo\n\n" + body + "\nCHAPTER III.\nThree\n\n" + body
        let found = detector.headings(in: text)
        #expect(found.map(\.title) == ["CHAPTER I. One", "CHAPTER II. Two", "CHAPTER III. Three"])
    }

    @Test func stackedPartAndChapterHeadingsAreNotMistakenForContents() {
        let text = "BOOK ONE\n\nPART ONE\n\nCHAPTER 1\n\nIt began in the rain.\n"
        let found = detector.headings(in: text)
        #expect(found.map(\.level) == [1, 1, 2])
        #expect(found.map(\.lineIndex) == [0, 2, 4])
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func lineEndingsAndByteRanges(terminator: String) {
        let lines = ["The Title", "", "Chapter 1: Ünïcödé", "", "Prose line.", "", "Chapter 2", "Second Title", ""]
        let text = lines.joined(separator: terminator)
        let found = detector.headings(in: text)
        #expect(found.map(\.lineIndex) == [2, 6])
        #expect(found.map(\.title) == ["Chapter 1: Ünïcödé", "Chapter 2 Second Title"])
        let bytes = Array(text.utf8)
        for heading in found {
            let slice = String(decoding: bytes[heading.utf8Range], as: UTF8.self)
            #expect(slice == lines[heading.lineIndex])
        }
    }

    @Test func chineseTextWithoutBlankLines() {
        let text = """
            月亮花园
            第一章　搬家
            　　七月的最后一天，小满跟着妈妈搬到了外婆家。
            　　第一章的内容很长，我们今天不讨论了，明天再说吧。
            第二章　月光花
            　　第二天早上，小满跑到院子里去看。
            """
        let found = detector.headings(in: text)
        #expect(found.map(\.title) == ["第一章　搬家", "第二章　月光花"])
        #expect(found.map(\.lineIndex) == [1, 4])
    }

    @Test("chapters numbered only with Chinese numerals on their own line, with and without blank lines")
    func bareChineseNumeralChapters() {
        let text = """
            狂人日记

            一

            今天晚上，很好的月光。
            我不见他，已是三十多年。
            今天见了，精神分外爽快。

            二

            今天全没月光，我知道不妙。
            早上小心出门，赵贵翁的眼色便怪。
            前面一伙小孩子，也在那里议论我。
            十二、
            　　不能想了。
            　　四千年来时时吃人的地方，今天才明白。
            　　我也在其中混了多年。
            十三
            　　没有吃过人的孩子，或者还有？
            　　救救孩子……
            　　救救孩子……

            """
        let found = detector.headings(in: text)
        #expect(found.map(\.title) == ["一", "二", "十二、", "十三"])
        #expect(found.map(\.level) == [2, 2, 2, 2])
        for line in ["一二三四五六", "〇", "一个", "十三日", "二十一年"] {
            #expect(detector.headingLevel(of: Substring(line), previousLineBlank: true, nextLineBlank: true) == nil, "\(line)")
        }
    }

    @Test("decimal section numbers are headings when they form an outline; a numbered list stays text")
    func decimalOutline() {
        let paragraph = "The keeper wrote the weather down each morning and each night.\nHe kept the book dry.\nIt lasted years."
        let outline = ["1. Introduction", "1.1. Terminology", "1.2. Scope", "2. The Lamp", "2.1 Wicks and oil"]
            .map { "\($0)\n\n\(paragraph)\n" }.joined(separator: "\n")
        let found = detector.headings(in: outline)
        #expect(found.map(\.title) == ["1. Introduction", "1.1. Terminology", "1.2. Scope", "2. The Lamp", "2.1 Wicks and oil"])
        #expect(found.map(\.level) == [1, 2, 2, 1, 2])

        let list = ["1. Fill the lamp.", "2. Trim the wick", "3. Wind the clock", "4. Log the weather"]
            .map { "\($0)\n\n\(paragraph)\n" }.joined(separator: "\n")
        #expect(detector.headings(in: list).isEmpty, "one level of numbers is a list")
        let orphans = ["1.1. Terminology", "1.2. Scope", "2.1. Wicks"].map { "\($0)\n\n\(paragraph)\n" }.joined(separator: "\n")
        #expect(detector.headings(in: orphans).isEmpty, "second-level numbers without their first level")
        for line in ["3. Wind the clock;", "2.1. 神様はこれらの戒めを破る者をすべて罰すると警告します。", "2 Results", "1.1.1.1.1. Deep", "0. Zero", "12. 45 minutes"] {
            #expect(ChapterHeadingDetector.outlineNumbers(Array(line.unicodeScalars)) == nil, "\(line)")
        }
    }

    @Test func utf8BufferEntryPointMatchesStringEntryPoint() {
        var text = "Part One\n\nChapter 1\n\nText.\n\nChapter 2\n\nMore text.\n"
        let fromString = detector.headings(in: text)
        let fromBytes = text.withUTF8 { detector.headings(inUTF8: $0) }
        #expect(fromString == fromBytes)
        #expect(fromString.count == 3)
    }
}

@Suite("Chapter heading detector: the project's test books", .enabled(
    if: ChapterHeadingFixtures.testBooksAvailable, "TestBooks/txt is missing; run bash TestBooks/generate.sh"))
struct ChapterHeadingTestBookTests {
    let detector = ChapterHeadingDetector()

    @Test func lighthouseKeeperHasSevenChapters() throws {
        let text = try ChapterHeadingFixtures.utf8Text(
            ChapterHeadingFixtures.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt"))
        let found = detector.headings(in: text)
        #expect(found.map(\.title) == [
            "CHAPTER I. THE NEW KEEPER", "CHAPTER II. THE KEEPER’S RULES", "CHAPTER III. THE LETTER",
            "CHAPTER IV. THE GLASS FALLS", "CHAPTER V. THE OLD LAMP", "CHAPTER VI. THE LONG WATCH",
            "CHAPTER VII. THE JUNCTION BOX",
        ])
        #expect(ChapterHeadingFixtures.perLineHeadings(text).count == 7)
    }

    @Test func utf16VersionWithCRLFFindsTheSameHeadings() throws {
        let utf8 = try ChapterHeadingFixtures.utf8Text(
            ChapterHeadingFixtures.testBooks.appendingPathComponent("txt/lighthouse-keeper.txt"))
        let utf16 = try ChapterHeadingFixtures.utf16LEText(
            ChapterHeadingFixtures.testBooks.appendingPathComponent("txt/lighthouse-keeper.utf16le.txt"))
        #expect(utf16.contains("\r\n"))
        let expected = detector.headings(in: utf8)
        let found = detector.headings(in: utf16)
        #expect(found.map(\.title) == expected.map(\.title))
        #expect(found.map(\.lineIndex) == expected.map(\.lineIndex))
    }

    @Test func moonGardenHasSixChapters() throws {
        let text = try ChapterHeadingFixtures.utf8Text(
            ChapterHeadingFixtures.testBooks.appendingPathComponent("txt/moon-garden.zh.txt"))
        let found = detector.headings(in: text)
        #expect(found.map(\.title) == ["第一章　搬家", "第二章　月光花", "第三章　巷口的花店", "第四章　暴雨", "第五章　十五的晚上", "第六章　传下去"])
    }

    @Test func winterRoadHasFiveChaptersWithTitlesOnTheNextLine() throws {
        let text = try ChapterHeadingFixtures.utf8Text(
            ChapterHeadingFixtures.testBooks.appendingPathComponent("txt/winter-road.ru.txt"))
        let found = detector.headings(in: text)
        #expect(found.map(\.title) == [
            "ГЛАВА ПЕРВАЯ Почта", "ГЛАВА ВТОРАЯ Звёздочка", "ГЛАВА ТРЕТЬЯ Метель", "ГЛАВА ЧЕТВЁРТАЯ Огонёк",
            "ГЛАВА ПЯТАЯ Письма",
        ])
    }
}

/// Measurements on real books from the shared corpus (UTF-8 files only; the legacy encodings are
/// another component's job).
///
/// How tables of contents are treated: the per-line detector cannot tell a contents entry from a
/// chapter heading (in Alice both are `CHAPTER I.` between blank lines), so it reports both; the
/// whole-text scan drops a dense run of same-level headings (a contents list) except a last entry
/// that is the real first chapter.
@Suite("Chapter heading detector: shared corpus", .enabled(
    if: ChapterHeadingFixtures.corpusAvailable, "shared corpus not found next to the work tree (../shared/corpus)"))
struct ChapterHeadingCorpusTests {
    let detector = ChapterHeadingDetector()

    func corpusText(_ path: String) throws -> String {
        try ChapterHeadingFixtures.utf8Text(ChapterHeadingFixtures.corpus.appendingPathComponent(path))
    }

    /// Alice has twelve chapters, `CHAPTER I.` to `CHAPTER XII.` with the title on the next line; the
    /// Gutenberg contents list before them repeats the twelve headings between blank lines.
    @Test func aliceHasTwelveChapters() throws {
        let text = try corpusText("txt/utf-8/en_alice_pg11.txt")
        let perLine = ChapterHeadingFixtures.perLineHeadings(text)
        #expect(perLine.count == 24, "12 contents entries + 12 chapter headings")
        #expect(perLine.allSatisfy { $0.level == 2 && $0.text.hasPrefix("CHAPTER ") })

        let found = detector.headings(in: text)
        #expect(found.count == 12)
        #expect(found.allSatisfy { $0.level == 2 })
        #expect(found.first?.title == "CHAPTER I. Down the Rabbit-Hole")
        #expect(found.first?.lineIndex == 83)
        #expect(found.last?.title == "CHAPTER XII. Alice’s Evidence")
        #expect(found.map(\.title).contains("CHAPTER XI. Who Stole the Tarts?"))
    }

    /// The first 30,000 bytes of Alice with two invalid sequences: the contents list and chapters I–III.
    @Test func aliceWithInvalidBytesStillFindsItsChapters() throws {
        let text = try corpusText("txt/edge/en_utf8_with-invalid-bytes.txt")
        #expect(text.contains("\u{FFFD}"))
        let found = detector.headings(in: text)
        #expect(found.map(\.title) == [
            "CHAPTER I. Down the Rabbit-Hole", "CHAPTER II. The Pool of Tears",
            "CHAPTER III. A Caucus-Race and a Long Tale",
        ])
    }

    /// War and Peace, volume 1: three parts (`Часть первая` … `Часть третья`) of 25, 21 and 19
    /// chapters numbered with Roman numerals alone between blank lines. The title-page line
    /// `Том 4. Война и мир` (volume 4 of the collected works) is a volume heading too. The footnote
    /// numbers at the end (Arabic numerals alone) are not headings.
    @Test func warAndPeaceHasThreePartsAndSixtyFiveChapters() throws {
        let text = try corpusText("txt/utf-8/ru_tolstoy_war-and-peace_vol1.txt")
        let found = detector.headings(in: text)
        let parts = found.filter { $0.level == 1 }.map(\.title)
        #expect(parts == ["Том 4. Война и мир", "Часть первая", "Часть вторая", "Часть третья"])
        let chapters = found.filter { $0.level == 2 }
        #expect(chapters.count == 65)
        // Numbering restarts at I in each part.
        #expect(chapters.filter { $0.title == "I" }.count == 3)
        #expect(chapters.map(\.title).suffix(2) == ["XVIII", "XIX"])
        #expect(ChapterHeadingFixtures.perLineHeadings(text).count == found.count)
    }

    /// Lermontov's poem numbers its 26 stanzas with Arabic numerals alone: verse, no chapters.
    @Test func poemWithNumberedStanzasHasNoHeadings() throws {
        let text = try corpusText("txt/utf-8-bom/ru_lermontov_mtsyri.txt")
        #expect(detector.headings(in: text).isEmpty)
        #expect(ChapterHeadingFixtures.perLineHeadings(text).isEmpty)
    }

    /// A Japanese catechism inside a Project Gutenberg wrapper numbers its parts `1.` to `9.` and
    /// their sections `1.1.` and so on; nothing else in it reads as a heading.
    @Test func catechismOutline() throws {
        let url = ChapterHeadingFixtures.corpus.appendingPathComponent("txt/shift_jis/ja_catechism_pg-native.txt")
        let text = try #require(String(data: try Data(contentsOf: url), encoding: .shiftJIS))
        let found = detector.headings(in: text)
        #expect(found.count == 36)
        #expect(found.filter { $0.level == 1 }.count == 9)
        #expect(found.first?.title == "1. 第一部：十戒について")
        #expect(found.map(\.title).contains("1.10. 第十の戒め"))
        #expect(found.map(\.title).contains("3.9. アーメン。"))
        #expect(found.last?.title == "9.2. 修正履歴")
    }

    /// Blog posts and READMEs: prose, lists and code, no chapter headings.
    @Test(arguments: [
        "md/posts/2014-05-06-jekyll-turns-2-0-0.md", "md/posts/2017-10-19-diversity-open-source.md",
        "md/posts/2019-08-19-jekyll-4-0-0-released.md", "md/docs/jekyll_posts-doc_images.md",
        "md/readme/libmobi_README.md", "md/readme/pdfminer_README.md",
    ])
    func proseHasNoHeadings(path: String) throws {
        let text = try corpusText(path)
        #expect(ChapterHeadingFixtures.perLineHeadings(text).isEmpty)
        #expect(detector.headings(in: text).isEmpty)
    }
}

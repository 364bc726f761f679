import ReaderHTML
import ReaderTestSupport

/// A content document as the CFI code sees it: its path index and its shown source text.
struct CFITestDocument {
    var index: ContentPathIndex
    var text: String

    /// The source text of a UTF-16 range, as `ContentPathIndex.resolve(_:text:)` asks for it.
    func text(_ range: Range<Int>) -> String {
        let units = Array(text.utf16)
        let clamped = range.clamped(to: 0..<units.count)
        return String(decoding: units[clamped], as: UTF16.self)
    }

    /// The source offset where `run` starts.
    func start(of run: String) -> Int {
        guard let range = text.range(of: run) else { return -1 }
        return text.utf16.distance(from: text.startIndex, to: range.lowerBound)
    }
}

/// Builds a `ContentPathIndex` the way the XHTML converter fills it: runs of shown text with their
/// CFI paths in document order, consecutive source offsets, and element anchors by id.
struct CFIIndexBuilder {
    private(set) var chunks: [TextChunk] = []
    private(set) var anchors: [String: ElementAnchor] = [:]
    private(set) var text = ""
    private var offset = 0

    /// Records an element with an id at `path`: its anchor is the next shown text.
    mutating func element(_ path: [CFIStep]) {
        guard let id = path.last?.id, anchors[id] == nil else { return }
        anchors[id] = ElementAnchor(path: path, sourceOffset: offset)
    }

    /// Records a shown run of text at `path` (the last step odd).
    mutating func run(_ path: [CFIStep], _ content: String) {
        let length = content.utf16.count
        chunks.append(TextChunk(path: path, sourceStart: offset, length: length))
        text += content
        offset += length
    }

    var document: CFITestDocument {
        CFITestDocument(index: ContentPathIndex(chunks: chunks, anchors: anchors, sourceLength: offset), text: text)
    }
}

enum CFISamples {
    /// The spine of the sample package document in EPUB CFI 1.1 § 3.1.10 (Examples):
    /// `itemref` ids and `idref`s.
    static let spine: [(itemrefID: String?, idref: String)] = [
        ("titleref", "titlepage"), ("chap01ref", "chapter01"), ("chap02ref", "chapter02"),
        ("chap03ref", "chapter03"), ("chap04ref", "chapter04"),
    ]

    /// The sample `chapter01.xhtml` of EPUB CFI 1.1 § 3.1.10, as the converter indexes it: the
    /// `head` and the white space between block elements are not shown; the spec elides the text
    /// of the other paragraphs (`…`), so they get their own.
    ///
    /// ```
    /// <body id="body01">                                      /4[body01]
    ///   <p>…</p> <p>…</p> <p>…</p> <p>…</p>                   /2 /4 /6 /8
    ///   <p id="para05">xxx<em>yyy</em>0123456789</p>          /10[para05]: /1, /2/1, /3
    ///   <p>…</p> <p>…</p>                                     /12 /14
    ///   <img id="svgimg" src="foo.svg" alt="…"/>              /16[svgimg]
    ///   <p>…</p> <p>…</p>                                     /18 /20
    /// </body>
    /// ```
    static let chapter01: CFITestDocument = {
        var builder = CFIIndexBuilder()
        let body = CFIStep(index: 4, id: "body01")
        let para05 = CFIStep(index: 10, id: "para05")
        builder.element([body])
        for (index, words) in [(2, "First. "), (4, "Second. "), (6, "Third. "), (8, "Fourth. ")] {
            builder.run([body, CFIStep(index: index), CFIStep(index: 1)], words)
        }
        builder.element([body, para05])
        builder.run([body, para05, CFIStep(index: 1)], "xxx")
        builder.run([body, para05, CFIStep(index: 2), CFIStep(index: 1)], "yyy")
        builder.run([body, para05, CFIStep(index: 3)], "0123456789")
        builder.run([body, CFIStep(index: 12), CFIStep(index: 1)], "Sixth. ")
        builder.run([body, CFIStep(index: 14), CFIStep(index: 1)], "Seventh. ")
        builder.element([body, CFIStep(index: 16, id: "svgimg")])
        builder.run([body, CFIStep(index: 18), CFIStep(index: 1)], "Ninth. ")
        builder.run([body, CFIStep(index: 20), CFIStep(index: 1)], "Tenth.")
        return builder.document
    }()

    /// A random content document: nested elements (some with ids, some hidden), runs of text of
    /// random length between them (some empty and left out, some empty and kept, some with
    /// characters outside the BMP).
    static func randomDocument(seed: UInt64) -> CFITestDocument {
        var random = SeededRandom(seed: seed)
        var builder = CFIIndexBuilder()
        var nextID = 0
        let alphabet = ["a", "b", " ", "é", "𝄞", "中", "\n"]

        func fill(_ path: [CFIStep], depth: Int, hidden: Bool) {
            let childCount = depth > 4 ? 0 : Int.random(in: 0...4, using: &random)
            for slot in 0...childCount {
                let runPath = path + [CFIStep(index: 2 * slot + 1)]
                let length = Int.random(in: 0...5, using: &random)
                let content = (0..<length).map { _ in alphabet.randomElement(using: &random)! }.joined()
                if !hidden && (!content.isEmpty || Int.random(in: 0..<4, using: &random) == 0) {
                    builder.run(runPath, content)
                }
                guard slot < childCount else { break }
                var id: String?
                if Int.random(in: 0..<3, using: &random) == 0 {
                    nextID += 1
                    id = "e\(nextID)"
                }
                let elementPath = path + [CFIStep(index: 2 * slot + 2, id: id)]
                builder.element(elementPath)
                fill(elementPath, depth: depth + 1, hidden: hidden || Int.random(in: 0..<10, using: &random) == 0)
            }
        }

        let body = [CFIStep(index: 4, id: Bool.random(using: &random) ? "body" : nil)]
        builder.element(body)
        fill(body, depth: 0, hidden: false)
        return builder.document
    }
}

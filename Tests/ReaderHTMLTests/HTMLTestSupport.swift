import ReaderCore
import ReaderHTML
import ReaderXML
import Testing

/// Inline XHTML fixtures and the converter run on them.
enum Fixture {
    /// An XHTML 1.1/EPUB 3 document around `body` (a head with a title unless `head` is nil).
    static func xhtml(_ body: String, head: String? = "<title>Test</title>", bodyAttributes: String = "") -> String {
        let headElement = head.map { "<head>\($0)</head>" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">\
            \(headElement)<body\(bodyAttributes)>\(body)</body></html>
            """
    }

    /// Converts a whole document, keeping its source text.
    static func convert(_ source: String, syntax: MarkupDocument.Syntax = .xml,
                        options: HTMLConversionOptions = HTMLConversionOptions(keepsSourceText: true)) throws -> HTMLContent {
        let document = try MarkupDocument.parse(Array(source.utf8), syntax: syntax, name: "test.xhtml")
        return HTMLBlockConverter(options: options).convert(document)
    }

    /// Converts an XHTML document built around `body`.
    static func body(_ body: String, options: HTMLConversionOptions = HTMLConversionOptions(keepsSourceText: true))
        throws -> HTMLContent {
        try convert(xhtml(body), options: options)
    }
}

extension Block {
    /// The kind and text on one line: `h1 Title`, `p Text`, `li • Item`, `q Quoted`, `pre …`,
    /// `img(src) alt`, `hr`.
    var summary: String {
        let tag: String
        switch kind {
        case .heading(let level): tag = "h\(level)"
        case .paragraph: tag = "p"
        case .preformatted: tag = "pre"
        case .listItem(let marker): tag = "li \(marker)"
        case .quote: tag = "q"
        case .image(let source): tag = "img(\(source ?? "-"))"
        case .rule: tag = "hr"
        }
        return text.isEmpty ? tag : "\(tag) \(text)"
    }

    /// List depth, quote depth and spacing: `l1 q0 s1`.
    var layoutSummary: String { "l\(listDepth) q\(quoteDepth) s\(spacingBefore)" }
}

extension HTMLContent {
    /// Every block's summary.
    var summary: [String] { blocks.map(\.summary) }

    /// The source text of a range.
    func source(_ range: Range<Int>) -> String {
        let units = Array((sourceText ?? "").utf16)
        return String(decoding: units[range.clamped(to: 0..<units.count)], as: UTF16.self)
    }

    /// The source text of every chunk, in order.
    var chunkTexts: [String] { pathIndex.chunks.map { source($0.sourceStart..<$0.sourceEnd) } }
}

extension [CFIStep] {
    /// The path as a CFI writes it: `/4[body]/2/1`.
    var cfi: String { map { "/\($0.index)" + ($0.id.map { "[\($0)]" } ?? "") }.joined() }
}

/// Checks of blocks against the source text they map into.
enum SourceCheck {
    /// Whether a shown unit may stand for a source unit: the same unit, or a space or line feed
    /// for any collapsible white space.
    static func matches(shown: UInt16, source: UInt16) -> Bool {
        if shown == source { return true }
        let whitespace: Set<UInt16> = [0x20, 0x09, 0x0A, 0x0D, 0x0C]
        return (shown == 0x20 || shown == 0x0A) && whitespace.contains(source)
    }

    /// Descriptions of mapped units whose source unit differs; empty when the map is exact.
    static func mismatches(in block: Block, source: [UInt16]) -> [String] {
        let text = Array(block.text.utf16)
        var problems: [String] = []
        for run in block.sourceMap.runs {
            guard run.textEnd <= text.count, run.sourceEnd <= source.count, run.sourceStart >= 0 else {
                problems.append("run \(run) out of bounds (text \(text.count), source \(source.count))")
                continue
            }
            for delta in 0..<run.length where !matches(shown: text[run.textStart + delta],
                                                       source: source[run.sourceStart + delta]) {
                problems.append("text[\(run.textStart + delta)] \(text[run.textStart + delta]) ≠ "
                                + "source[\(run.sourceStart + delta)] \(source[run.sourceStart + delta])")
            }
        }
        return problems
    }

    /// The shown units no run covers (engine-made text: line breaks, alternative text, padding).
    static func unmapped(in block: Block) -> String {
        let text = Array(block.text.utf16)
        var covered = [Bool](repeating: false, count: text.count)
        for run in block.sourceMap.runs {
            for offset in run.textStart..<min(run.textEnd, text.count) { covered[offset] = true }
        }
        return String(decoding: text.indices.filter { !covered[$0] }.map { text[$0] }, as: UTF16.self)
    }

    /// Checks every block of `content` against its source text; with `fullCoverage`, also that
    /// every shown unit of a paragraph is mapped, except those in `allowedUnmapped`.
    static func check(_ content: HTMLContent, fullCoverage: Bool = true, allowedUnmapped: Set<Character> = ["\n"],
                      sourceLocation: SourceLocation = #_sourceLocation) {
        let source = Array((content.sourceText ?? "").utf16)
        #expect(source.count == content.pathIndex.sourceLength, sourceLocation: sourceLocation)
        for block in content.blocks {
            let problems = mismatches(in: block, source: source)
            #expect(problems.isEmpty, "\(block.summary): \(problems.prefix(5))", sourceLocation: sourceLocation)
            if fullCoverage, case .paragraph = block.kind {
                let missing = unmapped(in: block).filter { !allowedUnmapped.contains($0) }
                #expect(missing.isEmpty, "\(block.summary): unmapped \(missing.debugDescription)",
                        sourceLocation: sourceLocation)
            }
        }
        checkChunks(content, sourceLocation: sourceLocation)
    }

    /// Chunks tile the source text in order, and their paths end in an odd step.
    static func checkChunks(_ content: HTMLContent, sourceLocation: SourceLocation = #_sourceLocation) {
        var offset = 0
        for chunk in content.pathIndex.chunks {
            #expect(chunk.sourceStart == offset && chunk.length > 0, sourceLocation: sourceLocation)
            #expect(chunk.path.last.map { $0.index % 2 == 1 } == true, sourceLocation: sourceLocation)
            #expect(chunk.path.dropLast().allSatisfy { $0.index % 2 == 0 && $0.index > 0 },
                    sourceLocation: sourceLocation)
            offset = chunk.sourceEnd
        }
        #expect(offset == content.pathIndex.sourceLength, sourceLocation: sourceLocation)
    }
}

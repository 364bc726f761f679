import Foundation
@testable import ReaderCore
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// The line breaker's bulk paths (runs of plain ASCII, ended by punctuation or by a non-ASCII
/// scalar that cannot join them, and runs of wide letters) cut the same lines as feeding it one
/// grapheme cluster at a time, on real books: their paragraphs as the TXT backend builds them, and
/// their raw lines (CRLF kept, some spaces turned into tabs) as preformatted and flowing text.
@Suite(.enabled(if: TestLocation.corpusAvailable, "corpus not found at \(TestLocation.corpus.path)"))
struct TXTLayoutFastPathCorpusTests {
    /// Books in many scripts: Latin with curly quotes, Cyrillic with French, Greek with CRLF line
    /// ends, Arabic with combining marks, Chinese, Japanese and Korean, and invalid UTF-8.
    static let books = [
        "txt/utf-8/en_alice_pg11.txt", "txt/utf-8/ru_tolstoy_war-and-peace_vol1.txt",
        "txt/windows-1252/fr_alice_french.txt", "txt/iso-8859-2/cs_alice_czech.txt",
        "txt/utf-16le-bom/el_alice_greek.txt", "txt/windows-1251/ru_chekhov_vanka.txt",
        "txt/utf-16be-bom/ar_alice_arabic.txt", "txt/gb18030/zh_alice_simplified.txt",
        "txt/big5/zh-hant_raven_traditional.txt", "txt/euc-jp/ja_alice.txt", "txt/shift_jis/ja_catechism_pg-native.txt",
        "txt/euc-kr/ko_raven.txt", "txt/edge/en_utf8_with-invalid-bytes.txt",
    ]

    /// Text laid out per book and mode, in UTF-8 bytes: enough for every script's runs, few
    /// enough for a debug build to lay it out twice at three widths in about a second.
    static let budget = 50_000

    /// Widths that break lines often (a narrow column), about as often as a terminal does, and rarely.
    static let widths = [17, 80, 203]

    @Test("the paragraphs of each book break into the same lines both ways", arguments: books)
    func paragraphs(_ book: String) throws {
        let document = try TXTDocument(path: TestLocation.corpus.appendingPathComponent(book).path, options: .init(),
                                       capabilities: TXTBackend().capabilities(for: .txt))
        defer { document.close() }
        var laidOut = 0
        var lines = 0
        for section in document.readingOrder.indices where laidOut < Self.budget {
            for block in try document.content(ofSection: section).blocks where laidOut < Self.budget {
                for width in Self.widths {
                    let bulk = Self.lines(block.text, mode: BlockLayout.wrapMode(of: block), available: width, oneByOne: false)
                    let single = Self.lines(block.text, mode: BlockLayout.wrapMode(of: block), available: width, oneByOne: true)
                    #expect(bulk == single, "\(book) at \(width): \(block.text.prefix(80).debugDescription)")
                    lines += bulk.count
                }
                laidOut += block.text.utf8.count
            }
        }
        #expect(laidOut > 1000 && lines > 50, "\(book): \(laidOut) bytes in \(lines) lines")
    }

    @Test("the raw lines of each book, CRLF kept and some spaces made tabs, break the same both ways",
          arguments: books)
    func rawLines(_ book: String) throws {
        let text = try Self.rawText(book)
        #expect(text.utf8.count > 1000)
        #expect(text.contains("\t"))
        if book.contains("greek") || book.contains("chekhov") { #expect(text.contains("\r\n")) }
        for mode in [WrapMode.preformatted, .flowing] {
            for width in Self.widths {
                let bulk = Self.lines(text, mode: mode, available: width, oneByOne: false)
                #expect(bulk == Self.lines(text, mode: mode, available: width, oneByOne: true), "\(book): \(mode) at \(width)")
                #expect(bulk.count > 20)
            }
        }
    }

    /// The start of `book` decoded as the TXT backend decodes it, line ends untouched, with every
    /// seventh space turned into a tab (the corpus has no tabs of its own).
    static func rawText(_ book: String) throws -> String {
        let bytes = try [UInt8](Data(contentsOf: TestLocation.corpus.appendingPathComponent(book)))
        let detection = bytes.withUnsafeBytes { EncodingDetector.detect(sample: $0, isWholeFile: true) }
        let decoded = try bytes.withUnsafeBytes { raw in
            try TextDecoder(encoding: detection.encoding).decode(UnsafeRawBufferPointer(rebasing: raw[detection.bomLength...]))
        }
        var text = ""
        var spaces = 0
        for character in decoded {
            if text.utf8.count >= budget && (character == "\n" || character == "\r\n") { break }
            if character == " " {
                spaces += 1
                text.append(spaces % 7 == 0 ? "\t" : " ")
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// The lines of `text`, as (start, content end, end) UTF-16 offsets, fed to the line breaker
    /// by the scanner's bulk paths or one cluster at a time.
    static func lines(_ text: String, mode: WrapMode, available: Int, oneByOne: Bool) -> [[Int]] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let breaker = LineBreaker(sink: LineRecorder(), mode: mode, available: available)
            let sink: LineRecorder
            if oneByOne {
                var single = ClusterByCluster(inner: breaker)
                single.inner.finish(at: ClusterScanner.scan(buffer, of: text, into: &single))
                sink = single.inner.sink
            } else {
                var bulk = breaker
                bulk.finish(at: ClusterScanner.scan(buffer, of: text, into: &bulk))
                sink = bulk.sink
            }
            return sink.lines.map { [$0.start.utf16, $0.contentEnd.utf16, $0.end.utf16] }
        }
    }
}

/// Passes clusters on one at a time: the default run handling of ``ClusterConsumer``.
private struct ClusterByCluster<Inner: ClusterConsumer>: ClusterConsumer {
    var inner: Inner

    mutating func consume(start: TextOffset, utf8Count: Int, utf16Count: Int, width: Int,
                          properties: BreakProperties) {
        inner.consume(start: start, utf8Count: utf8Count, utf16Count: utf16Count, width: width, properties: properties)
    }
}

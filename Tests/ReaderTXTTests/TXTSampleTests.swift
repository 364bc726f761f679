import Foundation
@testable import ReaderTXT
import ReaderTestSupport
import Testing

/// The sample helpers give what the Foundation and `Character` operations they replace give.
@Suite struct TXTSampleTests {
    static let pieces = ["a", "word ", "中文", "\n", "\r\n", "\r", "\r\r\n", "\n\r", "é\u{301}", "😀", "  ", "\u{3000}"]

    @Test("CR LF joining and line lengths on random line-ending soup", arguments: 0..<4)
    func lineEndings(seed: UInt64) {
        var generator = SeededRandom(seed: 0x5A &+ seed)
        for _ in 0..<200 {
            let text = generator.text(of: Self.pieces, count: 0...40)
            let joined = Array(text.utf8).withUnsafeBufferPointer { TXTSample.joiningCRLF($0) }
            #expect(joined == text.replacingOccurrences(of: "\r\n", with: "\n"), "\(text.debugDescription)")
            for limit in [1, 3, 4000] {
                let expected = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(limit).map(\.utf16.count)
                #expect(TXTSample.lineLengths(of: text, limit: limit) == expected, "\(text.debugDescription)")
            }
        }
    }
}

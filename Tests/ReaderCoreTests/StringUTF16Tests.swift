@testable import ReaderCore
import Testing

@Suite struct StringUTF16Tests {
    /// ASCII runs of every length around the eight-byte stride, broken by 2-, 3- and 4-byte scalars.
    static let samples: [String] = {
        var samples = ["", "a", "é", "中", "😀", "a😀b", "\u{0}", String(repeating: "x", count: 64)]
        for length in 0...17 {
            let run = String(repeating: "k", count: length)
            for odd in ["ß", "€", "𝄞", "👩‍👧"] {
                samples += [run + odd, odd + run, run + odd + run, odd + run + odd + run]
            }
        }
        return samples
    }()

    @Test(arguments: samples)
    func lengthAndUnitsAreTheStandardLibrarys(string: String) {
        #expect(string.utf16Length == string.utf16.count)
        #expect(string.utf16Units == Array(string.utf16))
    }

    @Test func aLongMixedText() {
        let text = String(repeating: "Call me Ishmael. 鯨 — 🐋 ", count: 500)
        #expect(text.utf16Length == text.utf16.count)
        #expect(text.utf16Units == Array(text.utf16))
    }
}

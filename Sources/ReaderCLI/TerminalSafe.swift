/// Text from a file (titles, notes, quotes) kept to one line of a listing: tabs and line breaks
/// become spaces, other control characters U+FFFD. (Every output stream also shows control
/// characters visibly, through ReaderRendering's `TerminalSafeText`; this keeps rows from breaking.)
enum TerminalSafe {
    /// `text` on one line, without control characters.
    static func text(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: result.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}

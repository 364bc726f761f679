/// Text from a file (titles, notes, quotes) made safe to print: control characters, which could
/// move the cursor or change the terminal, become U+FFFD; tabs and line feeds become spaces.
enum TerminalSafe {
    static func text(_ text: String) -> String {
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

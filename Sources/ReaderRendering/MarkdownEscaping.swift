/// Backslash escapes that keep text literal in CommonMark.
enum MarkdownEscaping {
    /// Punctuation that can start or end inline markup anywhere in a line.
    private static let alwaysEscaped: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "&", "~", "!", "#", "|"]

    /// `text` with every character that could be read as markup escaped; `atLineStart` also
    /// guards what opens a block at the start of a line (`-`, `+`, `=`, `1.`). Control characters
    /// other than line feeds are dropped.
    static func escape(_ text: String, atLineStart: Bool, inTable: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        var lineStart = atLineStart
        var digitsAtLineStart = false
        for character in text {
            if character.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }) { continue }
            if character == "\n" {
                output.append(inTable ? " " : "\n")
                lineStart = !inTable
                digitsAtLineStart = false
                continue
            }
            if alwaysEscaped.contains(character) {
                output.append("\\")
            } else if lineStart, character == "-" || character == "+" || character == "=" {
                output.append("\\")
            } else if digitsAtLineStart, character == "." || character == ")" {
                output.append("\\")
            }
            digitsAtLineStart = (lineStart || digitsAtLineStart) && character.isASCIIDigit
            if character != " " { lineStart = false }
            output.append(character)
        }
        return output
    }
}

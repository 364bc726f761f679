/// Undoes a second round of HTML escaping that some pages put in their metadata (`&amp;quot;`
/// read once is still `&quot;`): the five named entities and numeric references.
enum EntityUnescaping {
    static func unescape(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "&", let semicolon = text[index...].prefix(12).firstIndex(of: ";") else {
                result.append(character)
                index = text.index(after: index)
                continue
            }
            let name = text[text.index(after: index)..<semicolon]
            if let replacement = replacement(for: name) {
                result.append(replacement)
                index = text.index(after: semicolon)
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }

    private static func replacement(for name: Substring) -> String? {
        switch name {
        case "quot": return "\""
        case "amp": return "&"
        case "apos": return "'"
        case "lt": return "<"
        case "gt": return ">"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value else { return nil }
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            return String(scalar)
        }
    }
}

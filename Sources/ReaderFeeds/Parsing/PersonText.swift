/// Reads the ways RSS writes a person in one string: `email (Name)`, `Name (email)`,
/// `Name <email>`, a bare address or a bare name.
enum PersonText {
    static func parse(_ text: String) -> FeedPerson {
        let trimmed = text.trimmingASCIIWhitespace()
        guard let email = firstEmail(in: trimmed) else { return FeedPerson(name: trimmed.isEmpty ? nil : trimmed) }
        var rest = trimmed.replacingOccurrences(of: email, with: "")
        rest = rest.replacingOccurrences(of: "mailto:", with: "")
        for pair in ["()", "<>", "[]"] {
            rest = rest.replacingOccurrences(of: String(pair.first!) + String(pair.last!), with: "")
        }
        var name = rest.trimmingASCIIWhitespace()
        while let first = name.first, "(<[".contains(first), let last = name.last, ")>]".contains(last) {
            name = String(name.dropFirst().dropLast()).trimmingASCIIWhitespace()
        }
        return FeedPerson(name: name.isEmpty ? nil : name, email: email)
    }

    /// The first thing shaped like an e-mail address.
    static func firstEmail(in text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "@")) else { return nil }
        let characters = Array(text)
        guard let at = characters.firstIndex(of: "@") else { return nil }
        func isAddressCharacter(_ c: Character) -> Bool {
            c.isLetter || c.isNumber || "._%+-".contains(c)
        }
        var start = at
        while start > 0, isAddressCharacter(characters[start - 1]) { start -= 1 }
        var end = at + 1
        while end < characters.count, isAddressCharacter(characters[end]) { end += 1 }
        guard start < at, end > at + 1 else { return nil }
        var address = String(characters[start..<end])
        while address.hasSuffix(".") { address.removeLast() }
        return address
    }
}

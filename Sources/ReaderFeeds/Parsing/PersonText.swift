/// Reads the ways RSS writes a person in one string: `email (Name)`, `Name (email)`,
/// `Name <email>`, a bare address or a bare name.
enum PersonText {
    static func parse(_ text: String) -> FeedPerson {
        let trimmed = text.trimmingASCIIWhitespace()
        guard let email = firstEmail(in: trimmed) else { return FeedPerson(name: trimmed.isEmpty ? nil : trimmed) }
        var rest = removing(email, from: trimmed)
        rest = removing("mailto:", from: rest)
        for pair in ["()", "<>", "[]"] {
            rest = removing(pair, from: rest)
        }
        var name = rest.trimmingASCIIWhitespace()
        while let first = name.first, "(<[".contains(first), let last = name.last, ")>]".contains(last) {
            name = String(name.dropFirst().dropLast()).trimmingASCIIWhitespace()
        }
        return FeedPerson(name: name.isEmpty ? nil : name, email: email)
    }

    /// `text` without any `part`: Foundation's `replacingOccurrences` (which compares characters),
    /// done on the bytes when both are ASCII, where that comparison is byte for byte.
    static func removing(_ part: String, from text: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }), part.utf8.allSatisfy({ $0 < 0x80 }), !part.isEmpty else {
            return text.replacingOccurrences(of: part, with: "")
        }
        let bytes = Array(text.utf8), needle = Array(part.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if index + needle.count <= bytes.count, bytes[index..<(index + needle.count)].elementsEqual(needle) {
                index += needle.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
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

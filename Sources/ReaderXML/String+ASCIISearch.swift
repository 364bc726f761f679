extension String {
    /// `contains(needle)` for an ASCII needle, searched as bytes when the text is ASCII too (the
    /// character-wise search sets up tables that cost more than a small document's parse: parse
    /// messages, feed version checks). Text that is not ASCII is searched character-wise as before.
    package func containsSearchingASCII(_ needle: String) -> Bool {
        guard utf8.allSatisfy({ $0 < 0x80 }) else { return contains(needle) }
        let text = Array(utf8), pattern = Array(needle.utf8)
        guard let first = pattern.first else { return true }
        guard pattern.count <= text.count else { return false }
        for start in 0...(text.count - pattern.count) where text[start] == first && text[start..<(start + pattern.count)].elementsEqual(pattern) {
            return true
        }
        return false
    }
}

/// Text from a file (titles, notes, quotes) kept to one line of a listing: tabs and line breaks
/// become spaces, so a row never breaks. Other control characters are left to the output streams,
/// which show every one visibly (ReaderRendering's `TerminalSafeText`).
enum ListingField {
    /// `text` with its tabs and line breaks turned into spaces.
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains($0.value) })
        else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value) ? " " : scalar
        }))
    }
}

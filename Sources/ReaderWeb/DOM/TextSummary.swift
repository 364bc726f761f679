/// What the text of a subtree contributes to the collapsed length of any text it is part of:
/// its own collapsed length, and whether white space lies before its first and after its last
/// visible character (which becomes one space between it and visible text around it).
struct TextSummary {
    /// The UTF-16 length of the text trimmed, with each run of white space one space.
    var length = 0
    /// White space before the first visible character (for text with none: any white space).
    var leadingSpace = false
    /// White space after the last visible character.
    var trailingSpace = false
}

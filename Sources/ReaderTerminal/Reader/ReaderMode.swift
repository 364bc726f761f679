import ReaderCore

/// What the reader is doing, which decides what keys mean and what the screen shows.
public enum ReaderMode: Hashable, Sendable {
    /// Reading pages.
    case reading
    /// The list of keys.
    case help
    /// The table of contents panel, with the chosen entry and the first entry shown.
    case contents(selected: Int, first: Int)
    /// The bookmarks panel, with the chosen bookmark and the first shown.
    case bookmarks(selected: Int, first: Int)
    /// A line being typed.
    case prompt(PromptPurpose, text: String)
    /// Labels over the links or images of the page, waiting for one to be typed.
    case hints(HintPurpose)
    /// A picture of the book shown full-screen (kitty's graphics protocol), by its href.
    case image(href: String)
    /// Choosing a passage word by word: the text of the word where it starts once fixed (it may
    /// be on an earlier or later page), and the index of the word at the cursor on this page.
    case selecting(anchor: Range<TextPosition>?, cursor: Int)
}

/// What a prompt's line is for.
public enum PromptPurpose: Hashable, Sendable {
    /// Text to search for.
    case search
    /// A page number or a percentage to go to.
    case goTo
    /// The note of a new highlight over this text.
    case note(Range<TextPosition>)
}

/// What hint labels pick.
public enum HintPurpose: Hashable, Sendable {
    /// A link or note reference, to follow.
    case links
    /// An image, to write out to a file.
    case images
}

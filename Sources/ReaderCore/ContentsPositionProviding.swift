/// Documents that build their table of contents from headings found in their own text, and so
/// know where each entry starts without resolving its Locator (for a large plain-text file,
/// resolving every entry's Locator would decode the whole file a second time).
public protocol ContentsPositionProviding {
    /// Where each entry of ``Document/tableOfContents()`` starts, in the order of a depth-first
    /// walk of it (an entry, then its children, then the entry after it).
    func tableOfContentsPositions() throws(ReaderError) -> [TextPosition]
}

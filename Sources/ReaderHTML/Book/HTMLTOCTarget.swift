/// A table-of-contents entry reduced to what Locator titles need: the section it points into,
/// where in it (a source offset, else the first of its fragment ids the section has, else the
/// start), and its title.
package struct HTMLTOCTarget: Sendable {
    /// The section, an index of the reading order.
    package var section: Int
    /// The source offset in the section, when the entry gives one.
    package var offset: Int?
    /// Element ids the entry points at, tried in order when it gives no offset.
    package var fragments: [String]
    /// The entry's title.
    package var title: String

    /// Creates a target.
    package init(section: Int, offset: Int? = nil, fragments: [String] = [], title: String) {
        self.section = section
        self.offset = offset
        self.fragments = fragments
        self.title = title
    }
}

/// An entry of a navigation document (nav.xhtml or NCX) before it is turned into a Locator.
struct NavigationEntry: Hashable, Sendable {
    /// The label shown.
    var title: String
    /// Where it points; nil for a heading that only groups its children.
    var target: ResourcePath.Reference?
    /// Nested entries.
    var children: [NavigationEntry]

    /// The entries of this subtree, depth first.
    var flattened: [NavigationEntry] { [self] + children.flatMap(\.flattened) }
}

/// What the navigation documents of a book give.
struct Navigation: Hashable, Sendable {
    /// The table of contents.
    var toc: [NavigationEntry] = []
    /// The print page list: page labels and where the pages start.
    var pageList: [NavigationEntry] = []
    /// Landmarks (EPUB 3) as semantic type → target.
    var landmarks: [PackageDocument.Reference] = []
}

/// How a caller laying a section out goes on from it, so that a backend keeps and reads ahead
/// only what will be used (see ``Document/layoutContent(ofSection:use:)``).
public enum SectionUse: Sendable {
    /// Pages are laid out in reading order (a page, the pages after it, the whole text): the
    /// section is worth keeping, and the next one worth reading ahead.
    case reading
    /// The section is laid out alone, once, to sample the document (a page-count estimate):
    /// neither kept nor read past.
    case sampling
}

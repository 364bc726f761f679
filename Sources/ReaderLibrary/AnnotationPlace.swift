import ReaderCore

/// Where a new bookmark or note goes, or what a highlight covers.
public enum AnnotationPlace: Sendable {
    /// The start of a page at a viewport.
    case page(Int, Viewport)
    /// A Locator (of this book, or of another edition: it is re-anchored by its text).
    case locator(Locator)
    /// A stretch of text.
    case range(LocatorRange)
    /// The book's last recorded position, else its first page.
    case lastPosition
}

/// What no reader shows, left out of a whole page: scripts, styles, forms' controls, frames and
/// hidden parts (``WebNode/build(from:skippingUnread:)`` leaves them out as it copies the page).
enum PageCleaning {
    /// Whether the element is one no reader shows.
    static func isUnread(_ element: WebNode) -> Bool {
        element.groups.contains(.neverRead) || !element.isProbablyVisible
    }
}

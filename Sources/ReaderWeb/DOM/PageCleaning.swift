/// What no reader shows, removed from a whole page: scripts, styles, forms' controls, frames and hidden parts.
enum PageCleaning {
    static func removeUnread(from node: WebNode) {
        for child in node.children where child.isElement {
            if child.groups.contains(.neverRead) || !Attempt.isProbablyVisible(child) {
                child.detach()
            } else {
                removeUnread(from: child)
            }
        }
    }
}

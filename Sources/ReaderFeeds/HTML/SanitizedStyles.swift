/// Inline styles sanitized so far, for one feed: the same `style` attribute comes back on element
/// after element and item after item (a quarter of reading a feed that carries styles went to
/// sanitizing the same few again).
final class SanitizedStyles {
    private var known: [String: String] = [:]

    /// ``CSSSanitizer/sanitize(_:)`` of `style`, worked out once.
    func sanitized(_ style: String) -> String {
        if let result = known[style] { return result }
        let result = CSSSanitizer.sanitize(style)
        known[style] = result
        return result
    }
}

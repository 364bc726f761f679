import Foundation
import ReaderXML

/// What is in scope at an element: the base URL (`xml:base` resolved against the one outside
/// it) and the language (`xml:lang`; an empty value means none).
struct FeedScope {
    var base: String?
    var language: String?

    func entering(_ element: MarkupElement) -> FeedScope {
        // Most elements have no attribute at all: nothing to look up.
        guard element.hasAttributes else { return self }
        var scope = self
        if let base = element.attribute("base", namespace: MarkupNamespace.xml) {
            scope.base = URLResolver.resolve(base, against: self.base)
        }
        if let language = element.attribute("lang", namespace: MarkupNamespace.xml) {
            let trimmed = language.trimmingASCIIWhitespace()
            scope.language = trimmed.isEmpty ? nil
                : trimmed.utf8.contains(UInt8(ascii: "_")) ? trimmed.replacingOccurrences(of: "_", with: "-") : trimmed
        }
        return scope
    }

    func resolve(_ reference: String) -> String {
        URLResolver.resolve(reference, against: base)
    }
}

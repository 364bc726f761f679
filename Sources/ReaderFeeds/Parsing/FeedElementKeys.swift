import ReaderXML

/// ``FeedNamespaces/key(of:)`` worked out once per element name of one document (the same few
/// names repeat in every item): making the name and namespace strings and looking the namespace
/// up was a good part of walking a feed's tree.
final class FeedElementKeys {
    private var keys: [MarkupNameIdentity: String] = [:]

    func key(of element: MarkupElement) -> String {
        let identity = element.nameIdentity
        if let key = keys[identity] { return key }
        let key = FeedNamespaces.key(of: element)
        keys[identity] = key
        return key
    }
}

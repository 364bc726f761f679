/// What ``MarkupElement/writeChildren(into:describe:)`` does with one element.
package enum MarkupWriting {
    /// The element and its content are left out (and its content is not visited).
    case omit
    /// The tags are left out and the content is written.
    case unwrap
    /// The element is written with this name and these attributes (values unescaped); a void
    /// element is written as `<name … />` and its content is left out.
    case element(name: String, attributes: [(name: String, value: String)], isVoid: Bool)
}

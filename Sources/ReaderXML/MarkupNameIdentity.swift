/// See ``MarkupElement/nameIdentity``: valid while the document lives.
package struct MarkupNameIdentity: Hashable {
    let name: UnsafeRawPointer?
    let namespace: UnsafeRawPointer?
}

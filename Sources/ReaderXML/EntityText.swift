internal import CLibXML2

/// The text an entity reference stands for, without ever expanding entities recursively.
///
/// The parser keeps references to undeclared entities (XHTML's `&nbsp;` when the DTD is not
/// loaded, which it never is) and to entities declared in the internal subset as reference
/// nodes. HTML's named entities are looked up in libxml2's table; an internal entity whose
/// replacement is plain text is used as is; anything else (markup, nested references, external
/// entities) is dropped, which is what keeps entity tricks from multiplying memory.
enum EntityText {
    static func resolve(_ node: xmlNodePtr) -> String? {
        guard let namePointer = node.pointee.name else { return nil }
        if let declaration = node.pointee.children, declaration.pointee.type == XML_ENTITY_DECL {
            let entity = UnsafeMutableRawPointer(declaration).assumingMemoryBound(to: xmlEntity.self)
            guard entity.pointee.etype == XML_INTERNAL_GENERAL_ENTITY, let content = entity.pointee.content else {
                return nil
            }
            let text = String(cString: content)
            return text.contains("&") || text.contains("<") ? nil : text
        }
        guard let html = htmlEntityLookup(namePointer), let scalar = Unicode.Scalar(html.pointee.value) else {
            return nil
        }
        return String(Character(scalar))
    }

    /// Whether the entity references under `root` stand for more than `limit` bytes of text in
    /// all. Walks the tree without recursion and stops as soon as the limit is crossed.
    static func exceeds(_ limit: Int, under root: xmlNodePtr) -> Bool {
        var total = 0
        var node = root
        var depth = 0
        while true {
            if node.pointee.type == XML_ENTITY_REF_NODE {
                total += resolve(node)?.utf8.count ?? 0
                if total > limit { return true }
            }
            // An entity reference's `children` is its declaration, not part of the tree.
            if node.pointee.type == XML_ELEMENT_NODE, let child = node.pointee.children {
                node = child
                depth += 1
                continue
            }
            while true {
                guard depth > 0 else { return false }
                if let next = node.pointee.next {
                    node = next
                    break
                }
                guard let parent = node.pointee.parent else { return false }
                node = parent
                depth -= 1
            }
        }
    }
}

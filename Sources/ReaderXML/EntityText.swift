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
}

/// The class weight of an element: +25 for a positive word in its class, −25 for a negative
/// one, and the same again for its id (see ``ExtractionHints``).
enum ClassWeight {
    static func of(_ node: WebNode, enabled: Bool = true) -> Int {
        enabled ? node.hints.classWeight : 0
    }
}
